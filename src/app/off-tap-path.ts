/**
 * Takes tracking and ad-pixel calls off a tap's path: a machine action calls them inside the click's
 * task, before the next screen is painted; here they run once the next frame is painted and the page
 * is idle (requestIdleCallback, at most `IDLE_TIMEOUT_MS` later; a task after the frame where the
 * browser has no idle callbacks), in the order they were made. A lead save first runs every call queued before it (so the order of
 * writes is kept), and leaving the page (`pagehide`) runs whatever is still queued at once, so no
 * call is lost to a closing tab.
 */
import type { PixelPort, TrackingPort } from '../engine/ports.ts';
import { whenIdle, type IdleWindow } from './screen-prefetch.ts';

/** The longest a queued call waits for an idle moment after the frame. */
export const IDLE_TIMEOUT_MS = 1000;

export interface AfterPaintWindow extends IdleWindow {
  requestAnimationFrame: (callback: () => void) => unknown;
  addEventListener: (type: 'pagehide', listener: () => void) => void;
}

/** A queue of calls run together after the next frame, when the page is idle. */
export function createAfterPaintQueue(win: AfterPaintWindow): { later: (call: () => void) => void; flush: () => void } {
  const idle = whenIdle(win, IDLE_TIMEOUT_MS, 0);
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
      // The frame callback runs before the paint; what it schedules runs after it. Idle time comes
      // after the frame's other work too (the screen's own effects, a tap timer), so a visitor's next
      // tap never waits behind a tracking call.
      win.requestAnimationFrame(() => idle(flush));
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
