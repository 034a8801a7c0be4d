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

/**
 * Whether a timed screen moves on at once to another screen of the flow (no delay, not an external
 * redirect): the machine passes through it without resting.
 */
export function passesThrough(screen: Screen): boolean {
  if (!('after' in screen) || screen.after === undefined || (screen.after.delayMs ?? 0) > 0) return false;
  return Boolean(screen.after.to || ('next' in screen && screen.next));
}

/** Where a screen that moves on by itself (`after`) goes; undefined for one that waits for the visitor. */
export function movesOnTo(screen: Screen): string | undefined {
  if (screen.kind === 'not-found' || !('after' in screen)) return undefined;
  return screen.after.to ?? (typeof screen.next === 'string' ? screen.next : undefined);
}

/** The screen a visitor arriving at `id` rests on: past the screens passed through at once. */
export function restingScreen(screens: Readonly<Record<string, Screen>>, id: string): string {
  const seen = new Set<string>();
  let at = id;
  for (;;) {
    const screen = Object.hasOwn(screens, at) ? screens[at] : undefined;
    const onward = screen && passesThrough(screen) ? movesOnTo(screen) : undefined;
    if (onward === undefined || seen.has(at)) return at;
    seen.add(at);
    at = onward;
  }
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
