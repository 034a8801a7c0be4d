/**
 * The first bundle's part of field speed: nothing loads before the first screen is shown, painted and
 * the page idle; the screens shown meanwhile reach the watcher with their times, and later ones go
 * straight to it. A failed load stays quiet (no unhandled rejection).
 */
import { describe, expect, it } from 'vitest';
import type { FieldSpeedWatch, ShownScreen } from '../tracking/field-speed-watch.ts';
import { startFieldSpeed } from './field-speed-start.ts';

function harness(fail = false) {
  const frames: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const loads: ShownScreen[][] = [];
  const direct: ShownScreen[] = [];
  let now = 0;
  let resolve: (() => void) | undefined;
  const shown = startFieldSpeed({
    load: (screens) => {
      loads.push(screens as ShownScreen[]);
      if (fail) return Promise.reject(new Error('chunk failed to load'));
      return new Promise<FieldSpeedWatch>((done) => {
        resolve = () => done({ screenShown: (screen, at) => void direct.push({ screen, at }) });
      });
    },
    frame: (task) => void frames.push(task),
    idle: (task) => void idles.push(task),
    now: () => now,
  });
  return {
    shown: (screen: string, at: number) => {
      now = at;
      shown(screen);
    },
    frames,
    idles,
    loads,
    direct,
    loaded: async () => {
      resolve?.();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

describe('startFieldSpeed', () => {
  it('loads after the first screen is painted and the page idle, and hands on every screen with its time', async () => {
    const h = harness();
    expect(h.loads).toEqual([]);
    h.shown('intro', 120);
    expect([h.frames.length, h.idles.length, h.loads.length]).toEqual([1, 0, 0]);
    h.frames.shift()?.();
    expect([h.idles.length, h.loads.length]).toEqual([1, 0]);
    h.shown('next', 900); // before the idle task: noted
    h.idles.shift()?.();
    expect(h.loads).toEqual([
      [
        { screen: 'intro', at: 120 },
        { screen: 'next', at: 900 },
      ],
    ]);
    h.shown('third', 1500); // while loading: still noted, the watcher reads the same list
    expect(h.loads[0]).toHaveLength(3);
    await h.loaded();
    h.shown('fourth', 2400);
    expect(h.direct).toEqual([{ screen: 'fourth', at: 2400 }]);
    expect([h.frames.length, h.idles.length, h.loads.length]).toEqual([0, 0, 1]);
  });

  it('costs only the readings when the load fails', async () => {
    const h = harness(true);
    h.shown('intro', 10);
    h.frames.shift()?.();
    h.idles.shift()?.();
    await Promise.resolve();
    h.shown('next', 20);
    expect(h.loads).toHaveLength(1);
    expect(h.direct).toEqual([]);
  });
});
