import { describe, expect, it, vi } from 'vitest';
import type { ResultCode } from './derive-result.ts';
import { lazyResults } from './lazy-results.ts';

const code: ResultCode = { derive: () => ({ score: 1 }), fallback: () => ({}) };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyResults', () => {
  it('waits for `after` before loading the result code', async () => {
    let release = () => {};
    const after = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = vi.fn(() => Promise.resolve(code));
    const results = lazyResults(load, after);
    await settle();
    expect(load).not.toHaveBeenCalled();
    release();
    await results.ready;
    expect(load).toHaveBeenCalledTimes(1);
    expect(results.derive({}, {})).toEqual({ score: 1 });
  });

  it('loads at once, and once, when a screen on show needs it', async () => {
    const load = vi.fn(() => Promise.resolve(code));
    const results = lazyResults(load, new Promise(() => {}));
    expect(results.isReady()).toBe(false);
    await results.need();
    await results.need();
    expect(load).toHaveBeenCalledTimes(1);
    expect(results.isReady()).toBe(true);
  });
});
