/**
 * A tracking port whose real adapter loads later (after the first paint, to keep the first screen's
 * bundle small). Calls made before it arrives are kept in order and replayed into it; a lead save waits
 * for it. If the adapter fails to load, the calls are dropped with a console message and lead saves
 * reject, so the visitor is told and can try again.
 */
import type { TrackingPort } from '../engine/ports.ts';

export function deferTracking(adapter: Promise<TrackingPort>, log: (message: string) => void): TrackingPort {
  let ready: TrackingPort | undefined;
  let failed = false;
  let pending: ((port: TrackingPort) => void)[] = [];
  adapter.then(
    (port) => {
      ready = port;
      for (const call of pending) call(port);
      pending = [];
    },
    () => {
      failed = true;
      log(`Tracking could not start; ${pending.length} tracking calls were not sent`);
      pending = [];
    },
  );
  const later = (call: (port: TrackingPort) => void) => {
    if (ready) call(ready);
    else if (!failed) pending.push(call);
  };
  return {
    screenViewed: (track, screenId, visitor) => later((port) => port.screenViewed(track, screenId, visitor)),
    journeyReached: (step, visitor) => later((port) => port.journeyReached(step, visitor)),
    stepTracked: (step, visitor) => later((port) => port.stepTracked(step, visitor)),
    finalClick: (visitor) => later((port) => port.finalClick(visitor)),
    saveLead: async (visitor) => (ready ?? (await adapter)).saveLead(visitor),
  };
}
