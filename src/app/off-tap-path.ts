/**
 * Takes tracking and ad-pixel calls off a tap's path: a machine action calls them inside the click's
 * task, before the next screen is painted; here they run once the next frame is painted and the page
 * is idle (requestIdleCallback, at most `IDLE_TIMEOUT_MS` later; a task after the frame where the
 * browser has no idle callbacks), in the order they were made.
 *
 * A lead save waits for less: the first idle moment after the next frame, at most `LEAD_WITHIN_MS`
 * later, after every call queued before it, so the order of writes is kept. Until then the lead is in
 * this queue only, so leaving the page (`pagehide`) or hiding it (`visibilitychange`, the last event a
 * phone's browser may give a tab it later kills) runs whatever is queued at once: the tracking port
 * stores it (its outbox) in that same task, and no call is lost to a closing tab.
 */
import type { PixelPort, TrackingPort } from '../engine/ports.ts';
import { whenIdle, type IdleScheduler, type IdleWindow } from './screen-prefetch.ts';

/** The longest a queued call waits for an idle moment after the frame. */
export const IDLE_TIMEOUT_MS = 1000;
/** The longest a lead save waits for an idle moment after the frame. */
export const LEAD_WITHIN_MS = 100;

export interface AfterPaintWindow extends IdleWindow {
  requestAnimationFrame: (callback: () => void) => unknown;
  addEventListener: (type: 'pagehide' | 'visibilitychange', listener: () => void) => void;
  readonly document: { readonly visibilityState: string };
}

export interface AfterPaintQueue {
  /** Runs `call` after the next frame, when the page is idle. */
  later(call: () => void): void;
  /** Runs `call`, and every call queued before it, after the next frame, at most `LEAD_WITHIN_MS` later. */
  soon(call: () => void): void;
  /** Runs every queued call now. */
  flush(): void;
}

/** A queue of calls run together after the next frame. */
export function createAfterPaintQueue(win: AfterPaintWindow): AfterPaintQueue {
  let queue: (() => void)[] = [];
  const flush = () => {
    const calls = queue;
    queue = [];
    for (const call of calls) call();
  };
  // The frame callback runs before the paint; what it schedules runs after it. Idle time comes after
  // the frame's other work too (the screen's own effects, a tap timer), so a visitor's next tap never
  // waits behind a tracking call. One pending run per deadline: calls queued meanwhile join it.
  const runAfterFrame = (idle: IdleScheduler) => {
    let scheduled = false;
    return (call: () => void) => {
      queue.push(call);
      if (scheduled) return;
      scheduled = true;
      win.requestAnimationFrame(() =>
        idle(() => {
          scheduled = false;
          flush();
        }),
      );
    };
  };
  win.addEventListener('pagehide', flush);
  win.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush();
  });
  return {
    later: runAfterFrame(whenIdle(win, IDLE_TIMEOUT_MS, 0)),
    soon: runAfterFrame(whenIdle(win, LEAD_WITHIN_MS, 0)),
    flush,
  };
}

export function trackingOffTapPath(port: TrackingPort, queue: AfterPaintQueue): TrackingPort {
  const { later, soon } = queue;
  return {
    screenViewed: (track, screenId, visitor) => later(() => port.screenViewed(track, screenId, visitor)),
    journeyReached: (step, visitor) => later(() => port.journeyReached(step, visitor)),
    stepTracked: (step, visitor) => later(() => port.stepTracked(step, visitor)),
    finalClick: (visitor) => later(() => port.finalClick(visitor)),
    saveLead: (visitor) =>
      new Promise((resolve, reject) => {
        soon(() => {
          try {
            port.saveLead(visitor).then(resolve, reject);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      }),
  };
}

export function pixelOffTapPath(port: PixelPort, queue: AfterPaintQueue): PixelPort {
  return { track: (event, visitor) => queue.later(() => port.track(event, visitor)) };
}
