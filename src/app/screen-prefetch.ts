/**
 * Fetches the code of the screens a visitor is about to meet, one chunk at a time in idle time, in the
 * order the flow's graph says they come (nearest first, recomputed at every screen). Whatever must
 * wait for the screens (tracking, the backend client, the pixel) waits for `screensLoaded`, so it
 * never competes with a screen's chunk for the network or the main thread.
 */
import type { Flow, ScreenKind } from '../engine/flow-model.ts';
import { upcomingKinds } from '../engine/screen-order.ts';

export interface ScreenPrefetchOptions {
  flow: Pick<Flow, 'screens'>;
  /** Loads one kind's renderer (see registry.ts); may reject. */
  preload: (kind: ScreenKind) => Promise<void>;
  /** Runs a task when the browser is idle (see {@link whenIdle}). */
  idle: (task: () => void) => unknown;
}

export interface ScreenPrefetch {
  /** The visitor is on `screenId`: fetch what comes after it, nearest first. */
  visit(screenId: string): void;
  /** Settles once every screen kind reachable from the screens visited so far has been fetched (or failed). */
  screensLoaded: Promise<void>;
}

export function createScreenPrefetch({ flow, preload, idle }: ScreenPrefetchOptions): ScreenPrefetch {
  const tried = new Set<ScreenKind>();
  let order: ScreenKind[] = [];
  // The screen visited last, whose upcoming kinds are read from the graph in idle time (not in the
  // screen's own startup task).
  let visited: string | undefined;
  let busy = false;
  let finish = () => {};
  const screensLoaded = new Promise<void>((resolve) => {
    finish = resolve;
  });

  // One idle task per chunk: the chunks' code is evaluated in tasks of their own.
  const pump = () => {
    if (busy) return;
    busy = true;
    idle(() => {
      if (visited !== undefined) order = upcomingKinds(flow, visited);
      visited = undefined;
      const kind = order.find((k) => !tried.has(k));
      if (kind === undefined) {
        busy = false;
        finish();
        return;
      }
      // A failed chunk is not retried here: rendering its screen fetches it again.
      void preload(kind)
        .catch(() => undefined)
        .then(() => {
          tried.add(kind);
          busy = false;
          pump();
        });
    });
  };

  return {
    visit(screenId) {
      visited = screenId;
      pump();
    },
    screensLoaded,
  };
}

/** Runs a task when the page is idle; returns a function that cancels it. */
export type IdleScheduler = (task: () => void) => () => void;

export interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** Resolves with `value` in an idle task of its own: what runs on it is not part of the current task. */
export function inIdleTask<T>(idle: IdleScheduler, value: T): Promise<T> {
  return new Promise((resolve) => idle(() => resolve(value)));
}

/**
 * requestIdleCallback where the browser has it (Safari lacks it), with a timeout so a busy page still
 * gets its work done soon; else a timer of `fallbackMs`.
 */
export function whenIdle(win: IdleWindow, timeoutMs = 1000, fallbackMs = 50): IdleScheduler {
  return (task) => {
    const { requestIdleCallback, cancelIdleCallback } = win;
    if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
      const handle = requestIdleCallback.call(win, task, { timeout: timeoutMs });
      return () => cancelIdleCallback.call(win, handle);
    }
    const handle = win.setTimeout(task, fallbackMs);
    return () => win.clearTimeout(handle as never);
  };
}
