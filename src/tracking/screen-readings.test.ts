import { describe, expect, it } from 'vitest';
import { deviceClassOf, screenReadings, type ScreenReading } from './screen-readings';

describe('screen readings', () => {
  it('hands on each screen its own LCP, INP and CLS when the next screen is shown or the page is hidden', () => {
    const sent: ScreenReading[] = [];
    const readings = screenReadings((reading) => sent.push(reading));
    readings.report('INP', 900, 900); // before any screen: dropped
    readings.screenShown('start');
    readings.report('LCP', 1200, 1200);
    readings.report('LCP', 1800, 600);
    readings.report('CLS', 0.02, 0.02);
    readings.report('INP', 120, 120);
    readings.screenShown('start'); // the same screen again is no change
    expect(sent).toEqual([]);
    readings.screenShown('age');
    readings.report('CLS', 0.05, 0.03);
    readings.report('INP', 1100, 1100);
    readings.report('INP', 1100, 0);
    readings.screenShown('goal');
    readings.flush();
    readings.flush();
    expect(sent).toEqual([
      { screen: 'start', metric: 'LCP', value: 1800 },
      { screen: 'start', metric: 'CLS', value: 0.02 },
      { screen: 'start', metric: 'INP', value: 120 },
      { screen: 'age', metric: 'CLS', value: 0.03 },
      { screen: 'age', metric: 'INP', value: 1100 },
    ]);
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
