/**
 * Timed screens (with `after`) across a reload: a visit's start time is stored with the session, so a
 * reload on a timed screen finishes its timer from where it was, or moves on at once if it had passed.
 */
import type { Flow, Screen } from './flow-model.ts';

/** A timed screen's visit to pick up again after a reload. */
export interface ResumedTimer {
  screen: string;
  /** When the visit began (ms since the epoch). */
  enteredAt: number;
}

/** Whether a screen moves on by itself after a delay (and so is replaced in history). */
export function isTimed(screen: Screen | undefined): boolean {
  return screen !== undefined && 'after' in screen && screen.after !== undefined;
}

/** The name of screen `id`'s delay in the machine's setup. */
export function timerName(id: string): string {
  return `after:${id}`;
}

/**
 * One named delay per timed screen: what is left of its `delayMs` since the visit began. A visit
 * resumed after a reload began before the reload; a fresh one began now.
 */
export function timerDelays(flow: Flow): Record<string, (args: { context: { enteredAt: number } }) => number> {
  const delays: Record<string, (args: { context: { enteredAt: number } }) => number> = {};
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (!('after' in screen) || screen.after === undefined) continue;
    const delayMs = screen.after.delayMs ?? 0;
    delays[timerName(id)] = ({ context }) => {
      // A clock moved backwards (or a forged start) never lengthens the wait.
      return Math.max(0, delayMs - Math.max(0, Date.now() - context.enteredAt));
    };
  }
  return delays;
}
