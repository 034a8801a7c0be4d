import { describe, expect, it, vi } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { readsResult } from '../engine/screen-view.ts';
import { firstScreenCode } from './first-screen-code.ts';

const flow = loadFlow();
const never = () => new Promise<void>(() => {});
const routed = (test: (s: (typeof flow.screens)[string]) => boolean) =>
  Object.values(flow.screens).find((s) => s.route !== undefined && !s.route.includes('{') && test(s));

describe('firstScreenCode', () => {
  it("waits for the path's renderer, and only that", async () => {
    const question = routed((s) => s.kind === 'multi-select' && !readsResult(s));
    let loaded = () => {};
    const preload = vi.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
    const needResults = vi.fn(() => Promise.resolve());
    let done = false;
    const waiting = firstScreenCode({
      flow,
      path: `${question?.route}/`,
      preload,
      needResults,
      wait: never,
    }).then(() => (done = true));
    await Promise.resolve();
    expect(preload).toHaveBeenCalledWith('multi-select');
    expect(needResults).not.toHaveBeenCalled();
    expect(done).toBe(false);
    loaded();
    await waiting;
    expect(done).toBe(true);
  });

  it('on the address of a screen passed through at once (the start page), asks for the code of the one it leads to', async () => {
    const start = flow.screens[flow.start];
    const next = start && 'after' in start ? start.after.to : undefined;
    const preload = vi.fn(() => Promise.resolve());
    await firstScreenCode({
      flow,
      path: start?.route ?? '',
      preload,
      needResults: () => Promise.resolve(),
      wait: never,
    });
    expect(preload.mock.calls).toEqual([[flow.screens[next ?? '']?.kind]]);
    expect(start?.kind).not.toBe(flow.screens[next ?? '']?.kind);
  });

  it('asks for the result code at once on a screen that shows a result', async () => {
    const result = routed((s) => readsResult(s) && !('requires' in s && s.requires));
    const needResults = vi.fn(() => Promise.resolve());
    await firstScreenCode({
      flow,
      path: result?.route ?? '',
      preload: () => Promise.resolve(),
      needResults,
      wait: never,
    });
    expect(needResults).toHaveBeenCalledTimes(1);
  });

  it('renders anyway after the cap, and when a chunk fails', async () => {
    const path = routed((s) => s.kind === 'slider')?.route ?? '';
    const wait = vi.fn(() => Promise.resolve());
    await firstScreenCode({ flow, path, preload: never, needResults: never, wait, capMs: 5 });
    expect(wait).toHaveBeenCalledWith(5);
    await expect(
      firstScreenCode({
        flow,
        path,
        preload: () => Promise.reject(new Error('offline')),
        needResults: never,
        wait: never,
      }),
    ).resolves.toBeUndefined();
  });

  it("waits for the not-found screen's code on a path that is no route (the build drew that page)", async () => {
    const preload = vi.fn(() => Promise.resolve());
    await firstScreenCode({ flow, path: '/no-such-page', preload, needResults: never, wait: never });
    expect(preload).toHaveBeenCalledWith(flow.screens[flow.notFound]?.kind);
  });
});
