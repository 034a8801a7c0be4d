import { describe, expect, it } from 'vitest';
import { agingRate } from './aging-rate.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();

describe('agingRate', () => {
  it.each<[string | null, number, string]>([
    ['6-12-months', 0, 'rapid'], // by speed
    ['6-12-months', -2, 'rapid'],
    [null, 4.1, 'rapid'], // by gap
    [null, 4, 'accelerated'], // 4 is not over 4, but over 2
    ['1-2-years', 0, 'accelerated'], // by speed
    ['1-2-years', 5, 'rapid'], // the gap wins over the slower speed
    [null, 2.1, 'accelerated'], // by gap
    [null, 2, 'normal'], // 2 is not over 2
    ['3-plus-years', 2, 'normal'],
    ['no-significant', -1, 'normal'],
    [null, 0, 'normal'],
  ])('speed %s, gap %d → %s', (speed, gap, expected) => {
    expect(agingRate(speed, gap, scoring)).toBe(expected);
  });

  it('reads its thresholds from the config', () => {
    const copy = scoringFixture();
    copy.agingRate.rapid.gapOver = 10;
    copy.agingRate.accelerated.changeSpeeds = ['3-plus-years'];
    expect(agingRate(null, 5, copy)).toBe('accelerated');
    expect(agingRate('3-plus-years', 0, copy)).toBe('accelerated');
  });
});
