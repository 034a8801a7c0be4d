/**
 * A new screen starts at the top of the page with its heading focused, so a screen reader announces
 * it. Both are done without holding back the new screen's first paint:
 * - focusing forces a style and layout pass, which inside the tap's task would delay the paint, so the
 *   heading is focused in the task after the next frame;
 * - scrolling to the top can't wait (the new screen would show for a frame at the old one's offset),
 *   but reading the offset would force that layout pass too, so a passive scroll listener records
 *   whether the page is scrolled and an unscrolled page (most taps) skips the scroll.
 */
export interface ArrivalWindow {
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
  addEventListener(type: 'scroll', listener: () => void, options: { passive: boolean }): void;
  removeEventListener(type: 'scroll', listener: () => void): void;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ScreenArrival {
  /** The screen in `root` has just been drawn; returns a function that cancels a focus not yet made. */
  arrive(root: ParentNode | null): () => void;
  stop(): void;
}

export function createScreenArrival(win: ArrivalWindow): ScreenArrival {
  let scrolled = win.scrollY > 0;
  const onScroll = () => {
    scrolled = win.scrollY > 0;
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  return {
    arrive(root) {
      if (scrolled) {
        win.scrollTo(0, 0);
        scrolled = false;
      }
      let timer: unknown;
      const frame = win.requestAnimationFrame(() => {
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
    },
    stop: () => win.removeEventListener('scroll', onScroll),
  };
}
