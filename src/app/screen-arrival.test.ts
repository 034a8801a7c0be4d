import { describe, expect, it, vi } from 'vitest';
import { createScreenArrival, type ArrivalWindow } from './screen-arrival.ts';

function fakeWindow(scrollY = 0) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  let onScroll: (() => void) | undefined;
  const win = {
    scrollY,
    scrollTo: vi.fn((_x: number, y: number) => {
      win.scrollY = y;
    }),
    addEventListener: (_type: 'scroll', listener: () => void) => {
      onScroll = listener;
    },
    removeEventListener: () => {
      onScroll = undefined;
    },
    requestAnimationFrame: (cb: () => void) => frames.push(cb),
    cancelAnimationFrame: (handle: number) => {
      frames[handle - 1] = () => {};
    },
    setTimeout: (cb: () => void) => tasks.push(cb),
    clearTimeout: (handle: unknown) => {
      tasks[(handle as number) - 1] = () => {};
    },
  } satisfies ArrivalWindow & { scrollY: number };
  return {
    win,
    scroll: (y: number) => {
      win.scrollY = y;
      onScroll?.();
    },
    frame: () => frames.splice(0).forEach((cb) => cb()),
    task: () => tasks.splice(0).forEach((cb) => cb()),
  };
}

function screenRoot(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<header><h1>Brand</h1></header><main><h2>Question</h2><button>Go</button></main>';
  document.body.replaceChildren(root);
  return root;
}

describe('createScreenArrival', () => {
  it('focuses the new heading only after the next frame is painted', () => {
    const w = fakeWindow();
    const root = screenRoot();
    createScreenArrival(w.win).arrive(root);
    expect(document.activeElement).toBe(document.body);
    w.frame();
    expect(document.activeElement).toBe(document.body);
    w.task();
    const heading = root.querySelector('main h2');
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
    expect(w.win.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top at once when the page was scrolled, and not again when it was not', () => {
    const w = fakeWindow();
    const arrival = createScreenArrival(w.win);
    w.scroll(420);
    arrival.arrive(screenRoot());
    expect(w.win.scrollTo).toHaveBeenCalledWith(0, 0);
    arrival.arrive(screenRoot());
    expect(w.win.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('takes a page already scrolled at start into account, and cancels a focus not made yet', () => {
    const w = fakeWindow(300);
    const root = screenRoot();
    const cancel = createScreenArrival(w.win).arrive(root);
    expect(w.win.scrollTo).toHaveBeenCalledWith(0, 0);
    cancel();
    w.frame();
    w.task();
    expect(document.activeElement).toBe(document.body);
  });
});
