/**
 * A tracking port whose real adapter loads later (after the first paint, to keep the first screen's
 * bundle small). Calls made before it arrives are kept in order and replayed into it; a lead save waits
 * for it. If the adapter fails to load, the calls are dropped with a console message and lead saves
 * reject, so the visitor is told and can try again.
 */
import type { TrackingPort } from '../engine/ports.ts';
import { deferCalls } from './deferred-calls.ts';

export function deferTracking(adapter: Promise<TrackingPort>, log: (message: string) => void): TrackingPort {
  const { later, current } = deferCalls(adapter, (dropped) =>
    log(`Tracking could not start; ${dropped} tracking calls were not sent`),
  );
  return {
    screenViewed: (track, screenId, visitor) => later((port) => port.screenViewed(track, screenId, visitor)),
    journeyReached: (step, visitor) => later((port) => port.journeyReached(step, visitor)),
    stepTracked: (step, visitor) => later((port) => port.stepTracked(step, visitor)),
    finalClick: (visitor) => later((port) => port.finalClick(visitor)),
    // Once the adapter is here the save is enqueued at once, so it stays ahead of later calls.
    // Before the adapter arrives, a lead save takes its place among the queued calls: the calls made
    // after it (the next screen's view) are sent after it, as they are once the adapter is in.
    saveLead: (visitor) => {
      const ready = current();
      if (ready) return ready.saveLead(visitor);
      return new Promise((resolve, reject) => {
        later((port) => resolve(port.saveLead(visitor)));
        adapter.catch(reject);
      });
    },
  };
}
