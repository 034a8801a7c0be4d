/**
 * Takes tracking and ad-pixel calls off a tap's path: a machine action calls them inside the click's
 * task, before the next screen is painted; here they run in a task after the next frame instead, in
 * the order they were made. A lead save first runs every call queued before it (so the order of
 * writes is kept), and leaving the page (`pagehide`) runs whatever is still queued at once, so no
 * call is lost to a closing tab.
 */
import type { PixelPort, TrackingPort } from '../engine/ports.ts';

export interface AfterPaintWindow {
  requestAnimationFrame: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
  addEventListener: (type: 'pagehide', listener: () => void) => void;
}

/** A queue of calls run together in a task after the next frame. */
export function createAfterPaintQueue(win: AfterPaintWindow): { later: (call: () => void) => void; flush: () => void } {
  let queue: (() => void)[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const calls = queue;
    queue = [];
    for (const call of calls) call();
  };
  win.addEventListener('pagehide', flush);
  return {
    later(call) {
      queue.push(call);
      if (scheduled) return;
      scheduled = true;
      // The frame callback runs before the paint; the task it queues runs after it.
      win.requestAnimationFrame(() => win.setTimeout(flush, 0));
    },
    flush,
  };
}

export function trackingOffTapPath(port: TrackingPort, queue: ReturnType<typeof createAfterPaintQueue>): TrackingPort {
  const { later, flush } = queue;
  return {
    screenViewed: (track, screenId, visitor) => later(() => port.screenViewed(track, screenId, visitor)),
    journeyReached: (step, visitor) => later(() => port.journeyReached(step, visitor)),
    stepTracked: (step, visitor) => later(() => port.stepTracked(step, visitor)),
    finalClick: (visitor) => later(() => port.finalClick(visitor)),
    saveLead: (visitor) => {
      flush();
      return port.saveLead(visitor);
    },
  };
}

export function pixelOffTapPath(port: PixelPort, queue: ReturnType<typeof createAfterPaintQueue>): PixelPort {
  return { track: (event, visitor) => queue.later(() => port.track(event, visitor)) };
}
