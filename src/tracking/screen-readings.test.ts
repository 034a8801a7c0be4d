import { describe, expect, it } from 'vitest';
import { deviceClassOf, screenReadings, type ScreenReading } from './screen-readings';

function collect(options: Parameters<typeof screenReadings>[1] = {}) {
  const sent: ScreenReading[] = [];
  let next = 0;
  const readings = screenReadings((reading) => sent.push(reading), {
    newId: () => `id-${(next += 1)}`,
    ...options,
  });
  const plain = () => sent.map(({ screen, metric, value }) => ({ screen, metric, value }));
  return { readings, sent, plain };
}

describe('screen readings', () => {
  it('places each report on the visit shown when it happened, not when it arrived', () => {
    const { readings, plain } = collect();
    readings.report('INP', 900, 900, { at: 5 }); // before any screen: dropped
    readings.screenShown('start', 100);
    // The build's drawing painted before the app named its screen: the first visit's.
    readings.report('LCP', 1200, 1200, { at: 40 });
    readings.report('LCP', 1800, 600, { at: 60 });
    readings.report('CLS', 0.02, 0.02, { at: 150 });
    readings.screenShown('start', 180); // the same screen again is no change
    readings.screenShown('age', 1000);
    // The tap on "start" (at 950) is reported after "age" is shown: it is still "start"'s.
    readings.report('INP', 120, 120, { at: 950 });
    readings.report('CLS', 0.05, 0.03, { at: 1100 });
    readings.report('INP', 1100, 1100, { at: 1500 });
    readings.report('INP', 1100, 0, { at: 1500 });
    readings.report('INP', 300, 300, { at: 1600 }); // lower than the visit's highest
    // A soft navigation that began with the tap on "age" belongs to the screen it led to.
    readings.screenShown('goal', 2100);
    readings.report('LCP', 700, 700, { after: 2000 });
    expect(plain()).toEqual([]);
    readings.flush();
    readings.flush();
    expect(plain()).toEqual([
      { screen: 'start', metric: 'LCP', value: 1800 },
      { screen: 'start', metric: 'CLS', value: 0.02 },
      { screen: 'start', metric: 'INP', value: 120 },
      { screen: 'age', metric: 'CLS', value: 0.03 },
      { screen: 'age', metric: 'INP', value: 1100 },
      { screen: 'goal', metric: 'LCP', value: 700 },
    ]);
  });

  it('hands a visit on once it ended settleMs ago, each metric once, with an id per reading', () => {
    const { readings, sent, plain } = collect({ seed: ['CLS'], settleMs: 1000 });
    readings.screenShown('a', 0);
    readings.report('INP', 80, 80, { at: 10 });
    readings.screenShown('b', 500);
    readings.screenShown('c', 1200); // "a" ended at 500, not 1000 ago yet
    expect(sent).toEqual([]);
    readings.screenShown('d', 1600); // "a" ended 1100 ago: handed on; "b" ended at 1200: not yet
    expect(plain()).toEqual([
      { screen: 'a', metric: 'CLS', value: 0 },
      { screen: 'a', metric: 'INP', value: 80 },
    ]);
    // A late report for a finished visit is dropped, not put on the oldest kept one.
    readings.report('INP', 999, 999, { at: 20 });
    readings.flush();
    readings.report('INP', 400, 400, { at: 1700 }); // "d" sent its CLS only: INP still goes
    readings.report('CLS', 0.3, 0.3, { at: 1700 }); // "d" sent its CLS already: no second one
    readings.flush();
    expect(plain()).toEqual([
      { screen: 'a', metric: 'CLS', value: 0 },
      { screen: 'a', metric: 'INP', value: 80 },
      { screen: 'b', metric: 'CLS', value: 0 },
      { screen: 'c', metric: 'CLS', value: 0 },
      { screen: 'd', metric: 'CLS', value: 0 },
      { screen: 'd', metric: 'INP', value: 400 },
    ]);
    expect(new Set(sent.map((reading) => reading.id)).size).toBe(sent.length);
  });

  it('classes devices by the viewport, or as mobile when UA-CH says so', () => {
    expect(deviceClassOf(360)).toBe('mobile');
    expect(deviceClassOf(767)).toBe('mobile');
    expect(deviceClassOf(768)).toBe('tablet');
    expect(deviceClassOf(1023)).toBe('tablet');
    expect(deviceClassOf(1280)).toBe('desktop');
    expect(deviceClassOf(1280, true)).toBe('mobile');
  });
});
