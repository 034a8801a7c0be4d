/**
 * A new screen starts at the top of the page with its heading focused, so a screen reader announces
 * it, without holding back its first paint: both need a layout pass, which inside the tap's task
 * would be done twice (once forced, once for the frame). The scroll happens in the frame's own
 * callback, before that frame is painted (so the new screen never shows at the old one's offset)
 * and with the layout the frame needs anyway; the focus (a style pass of its own), once the page is
 * idle after the paint, at most `FOCUS_WITHIN_MS` later, so the visitor's next tap never waits for it,
 * and only when nothing else has the focus by then.
 */
import { whenIdle, type IdleWindow } from './screen-prefetch.ts';

export const FOCUS_WITHIN_MS = 200;

export interface ArrivalWindow extends IdleWindow {
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
}

/** The screen in `root` has just been drawn; returns a function that cancels what is not done yet. */
export function arriveAt(win: ArrivalWindow, root: ParentNode | null): () => void {
  let cancelFocus = () => {};
  const focus = () => {
    // A control the visitor has focused since (a keyboard user tabbing on) keeps the focus.
    const active = root?.ownerDocument?.activeElement;
    if (active && active !== active.ownerDocument.body) return;
    const heading = root?.querySelector<HTMLElement>('main h1, main h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  };
  const frame = win.requestAnimationFrame(() => {
    if (win.scrollY > 0) win.scrollTo(0, 0);
    cancelFocus = whenIdle(win, FOCUS_WITHIN_MS, 0)(focus);
  });
  return () => {
    win.cancelAnimationFrame(frame);
    cancelFocus();
  };
}
