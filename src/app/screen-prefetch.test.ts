import { describe, expect, it } from 'vitest';
import type { Flow, ScreenKind } from '../engine/flow-model.ts';
import { createScreenPrefetch, whenIdle } from './screen-prefetch.ts';

describe('whenIdle', () => {
  it('uses requestIdleCallback with a timeout, and cancels it', () => {
    const calls: string[] = [];
    const win = {
      requestIdleCallback: (_cb: () => void, options: { timeout: number }) => (calls.push(`idle ${options.timeout}`), 7),
      cancelIdleCallback: (handle: number) => void calls.push(`cancel ${handle}`),
      setTimeout: () => (calls.push('timer'), 1),
      clearTimeout: () => void calls.push('clear'),
    };
    whenIdle(win)(() => undefined)();
    expect(calls).toEqual(['idle 1000', 'cancel 7']);
  });

  it('falls back to a short timer where the browser has no idle callbacks (Safari)', () => {
    const calls: string[] = [];
    const win = {
      setTimeout: (_cb: () => void, ms: number) => (calls.push(`timer ${ms}`), 3),
      clearTimeout: (handle: number) => void calls.push(`clear ${handle}`),
    };
    whenIdle(win)(() => undefined)();
    expect(calls).toEqual(['timer 50', 'clear 3']);
  });
});

describe('createScreenPrefetch', () => {
  it('fetches the kinds after the visited screen one at a time, nearest first, in idle time', async () => {
    const screens = {
      a: { kind: 'content', next: 'b' },
      b: { kind: 'slider', next: 'c' },
      c: { kind: 'form', next: 'd' },
      d: { kind: 'slider' },
    } as unknown as Flow['screens'];
    const fetched: ScreenKind[] = [];
    const idle: (() => void)[] = [];
    const prefetch = createScreenPrefetch({
      flow: { screens },
      preload: (kind) => (fetched.push(kind), Promise.resolve()),
      idle: (task) => idle.push(task),
    });
    prefetch.visit('b');
    expect(fetched).toEqual([]);
    while (idle.length > 0) {
      idle.shift()?.();
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(fetched).toEqual(['slider', 'form']);
    await expect(prefetch.screensLoaded).resolves.toBeUndefined();
  });

  it('reads the graph in idle time, for the screen visited last', async () => {
    const screens = {
      a: { kind: 'content', next: 'b' },
      b: { kind: 'slider', next: 'c' },
      c: { kind: 'form' },
    } as unknown as Flow['screens'];
    const read: string[] = [];
    const flow = {
      screens: new Proxy(screens, {
        get: (target, key) => (read.push(String(key)), Reflect.get(target, key)),
      }),
    };
    const fetched: ScreenKind[] = [];
    const idle: (() => void)[] = [];
    const prefetch = createScreenPrefetch({
      flow,
      preload: (kind) => (fetched.push(kind), Promise.resolve()),
      idle: (task) => idle.push(task),
    });
    prefetch.visit('a');
    prefetch.visit('b');
    expect(read).toEqual([]);
    while (idle.length > 0) {
      idle.shift()?.();
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(fetched).toEqual(['slider', 'form']);
  });
});
