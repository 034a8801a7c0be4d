// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { arriveAt, FOCUS_WITHIN_MS, type ArrivalWindow } from './screen-arrival.ts';

function fakeWindow(scrollY = 0) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const win = {
    scrollY,
    scrollTo: vi.fn((_x: number, y: number) => {
      win.scrollY = y;
    }),
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

describe('arriveAt', () => {
  it('focuses in idle time, at most FOCUS_WITHIN_MS after the frame, where the browser has idle callbacks', () => {
    const w = fakeWindow(0);
    const idle: { cb: () => void; timeout: number }[] = [];
    const win = {
      ...w.win,
      requestIdleCallback: (cb: () => void, { timeout }: { timeout: number }) => idle.push({ cb, timeout }),
      cancelIdleCallback: () => undefined,
    };
    const root = screenRoot();
    arriveAt(win, root);
    w.frame();
    w.task();
    expect(document.activeElement).toBe(document.body);
    expect(idle.map((entry) => entry.timeout)).toEqual([FOCUS_WITHIN_MS]);
    idle[0]?.cb();
    expect(document.activeElement).toBe(root.querySelector('main h2'));
  });

  it('scrolls to the top in the frame before its paint, and focuses the heading after it', () => {
    const w = fakeWindow(420);
    const root = screenRoot();
    arriveAt(w.win, root);
    expect(w.win.scrollTo).not.toHaveBeenCalled();
    w.frame();
    expect(w.win.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(document.body);
    w.task();
    const heading = root.querySelector('main h2');
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus where the visitor put it in the meantime', () => {
    const w = fakeWindow(0);
    const root = screenRoot();
    arriveAt(w.win, root);
    w.frame();
    root.querySelector('button')?.focus();
    w.task();
    expect(document.activeElement).toBe(root.querySelector('button'));
  });

  it('leaves an unscrolled page alone', () => {
    const w = fakeWindow(0);
    arriveAt(w.win, screenRoot());
    w.frame();
    w.task();
    expect(w.win.scrollTo).not.toHaveBeenCalled();
  });

  it('cancels a scroll and focus not made yet', () => {
    const w = fakeWindow(300);
    const cancel = arriveAt(w.win, screenRoot());
    cancel();
    w.frame();
    w.task();
    expect(w.win.scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
