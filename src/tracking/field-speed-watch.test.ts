/**
 * The field speed watcher over a fake web-vitals: what it asks web-vitals for, how it places reports
 * (with and without soft navigations) on the screens shown, that it writes in idle time and not in the
 * screen change's task, and that hiding or leaving the page hands every reading on at once.
 */
import type { CLSMetric, INPMetric, LCPMetric, Metric } from 'web-vitals';
import { describe, expect, it } from 'vitest';
import { placeOf, watchFieldSpeed, type FieldSpeedPage, type WebVitals } from './field-speed-watch.ts';
import type { ScreenReading } from './screen-readings.ts';

type Report = LCPMetric | INPMetric | CLSMetric;
type Callback = (metric: Report) => void;

/** A fake web-vitals: records the options each metric was asked with, and reports on demand. */
function fakeVitals() {
  const callbacks = new Map<string, Callback>();
  const options = new Map<string, unknown>();
  const on = (name: string) => (callback: Callback, opts?: unknown) => {
    callbacks.set(name, callback);
    options.set(name, opts);
  };
  const vitals = { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS') } as unknown as WebVitals;
  const report = (metric: Report) => callbacks.get(metric.name)?.(metric);
  return { vitals, options, report };
}

function metric<M extends Report>(
  name: M['name'],
  value: number,
  delta: number,
  entryTimes: number[],
  navigation: Partial<Pick<Metric, 'navigationType' | 'navigationStartTime'>> = {},
): M {
  return {
    name,
    value,
    delta,
    rating: 'good',
    id: `v6-${name}`,
    navigationId: 1,
    navigationType: 'navigate',
    entries: entryTimes.map((startTime) => ({ startTime })),
    ...navigation,
  } as unknown as M;
}

function fakePage(layoutShifts = true) {
  const listeners = new Map<string, (() => void)[]>();
  const idleTasks: (() => void)[] = [];
  let hidden = false;
  let now = 0;
  const page: FieldSpeedPage = {
    idle: (task) => void idleTasks.push(task),
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    hidden: () => hidden,
    layoutShifts,
    now: () => now,
  };
  return {
    page,
    runIdle: () => idleTasks.splice(0).forEach((task) => task()),
    idleCount: () => idleTasks.length,
    hide: () => {
      hidden = true;
      for (const listener of listeners.get('visibilitychange') ?? []) listener();
    },
    leave: () => (listeners.get('pagehide') ?? []).forEach((listener) => listener()),
    at: (time: number) => (now = time),
  };
}

const plain = (readings: ScreenReading[]) =>
  readings.map(({ screen, metric, value }) => `${screen} ${metric} ${value}`);

describe('watchFieldSpeed', () => {
  it('asks web-vitals for every change, soft navigations, and interactions from 16 ms', () => {
    const { vitals, options } = fakeVitals();
    watchFieldSpeed({ vitals, shown: [], write: () => undefined, page: fakePage().page });
    expect(Object.fromEntries(options)).toEqual({
      LCP: { reportAllChanges: true, reportSoftNavs: true },
      INP: { reportAllChanges: true, reportSoftNavs: true, durationThreshold: 16 },
      CLS: { reportAllChanges: true, reportSoftNavs: true },
    });
  });

  it('places page-wide reports by their entries, the screens shown before it loaded included', () => {
    const { vitals, report } = fakeVitals();
    const fake = fakePage();
    const written: ScreenReading[] = [];
    const watch = watchFieldSpeed({
      vitals,
      shown: [{ screen: 'intro', at: 300 }],
      write: (reading) => written.push(reading),
      page: fake.page,
      settleMs: 1000,
    });
    report(metric('LCP', 250, 250, [250]));
    watch.screenShown('slow', 2000);
    // The slow tap on "slow" (at 2500) is reported once the next screen is shown.
    watch.screenShown('after', 3700);
    report(metric('INP', 1040, 1040, [2500]));
    report(metric('CLS', 0.04, 0.04, [3800]));
    watch.screenShown('last', 4000); // "intro" ended at 2000, settled: handed on, but not in this task
    expect(written).toEqual([]);
    expect(fake.idleCount()).toBe(1);
    fake.runIdle();
    expect(plain(written)).toEqual(['intro CLS 0', 'intro LCP 250']);
    fake.at(4100);
    fake.hide();
    expect(plain(written)).toEqual([
      'intro CLS 0',
      'intro LCP 250',
      'slow CLS 0',
      'slow INP 1040',
      'after CLS 0.04',
      'last CLS 0',
    ]);
    expect(new Set(written.map((reading) => reading.id)).size).toBe(written.length);
  });

  it('gives a soft navigation to the screen it led to, and an interaction to the screen it was made on', () => {
    const { vitals, report } = fakeVitals();
    const fake = fakePage(false);
    const written: ScreenReading[] = [];
    const watch = watchFieldSpeed({
      vitals,
      shown: [{ screen: 'intro', at: 100 }],
      write: (r) => written.push(r),
      page: fake.page,
    });
    const soft = { navigationType: 'soft-navigation', navigationStartTime: 1500 } as const;
    watch.screenShown('slow', 1600);
    // The soft navigation's paint came before the app said which screen it is (its start is the tap).
    report(metric('LCP', 420, 420, [1550], soft));
    report(metric('CLS', 0.02, 0.02, [1590], soft));
    // An interaction counted in the next navigation is still the slow screen's.
    watch.screenShown('after', 3200);
    report(
      metric('INP', 1100, 1100, [3000], { navigationType: 'soft-navigation', navigationStartTime: 3000 }),
    );
    // A soft navigation's quick interactions without entries (web-vitals' 8 ms) are its screen's.
    report(metric('INP', 8, 8, [], { navigationType: 'soft-navigation', navigationStartTime: 3000 }));
    fake.leave();
    expect(plain(written)).toEqual(['slow LCP 420', 'slow CLS 0.02', 'slow INP 1100', 'after INP 8']);
  });

  it('places reports without entries on their navigation', () => {
    expect(placeOf(metric('CLS', 0, 0, []), 900)).toEqual({ at: 0 });
    expect(
      placeOf(
        metric('LCP', 80, 80, [], { navigationType: 'back-forward-cache', navigationStartTime: 700 }),
        900,
      ),
    ).toEqual({ at: 700 });
    expect(placeOf(metric('INP', 40, 40, []), 900)).toEqual({ at: 900 });
    expect(placeOf(metric('CLS', 0.1, 0.1, [10, 20]), 900)).toEqual({ at: 20 });
  });
});
