/**
 * A new screen starts at the top of the page with its heading focused, so a screen reader announces
 * it, without holding back its first paint: both need a layout pass, which inside the tap's task
 * would be done twice (once forced, once for the frame). The scroll happens in the frame's own
 * callback, before that frame is painted (so the new screen never shows at the old one's offset)
 * and with the layout the frame needs anyway; the focus, in the task after the paint.
 */
export interface ArrivalWindow {
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The screen in `root` has just been drawn; returns a function that cancels what is not done yet. */
export function arriveAt(win: ArrivalWindow, root: ParentNode | null): () => void {
  let timer: unknown;
  const frame = win.requestAnimationFrame(() => {
    if (win.scrollY > 0) win.scrollTo(0, 0);
    timer = win.setTimeout(() => {
      timer = undefined;
      const heading = root?.querySelector<HTMLElement>('main h1, main h2');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus({ preventScroll: true });
    }, 0);
  });
  return () => {
    win.cancelAnimationFrame(frame);
    if (timer !== undefined) win.clearTimeout(timer);
  };
}
