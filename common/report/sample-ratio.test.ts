import { describe, expect, it } from 'vitest';
import { sampleRatio, SRM_P_VALUE, upperGamma } from './sample-ratio.ts';

describe('sample-ratio mismatch', () => {
  it('computes the chi-squared p-value of textbook cases', () => {
    // Q(k/2, x/2) is the chi-squared survival function: 3.841 is the 5 % point of 1 degree of freedom,
    // 10.828 its 0.1 % point, 5.991 the 5 % point of 2 degrees of freedom.
    expect(upperGamma(0.5, 3.841 / 2)).toBeCloseTo(0.05, 4);
    expect(upperGamma(0.5, 10.828 / 2)).toBeCloseTo(0.001, 5);
    expect(upperGamma(1, 5.991 / 2)).toBeCloseTo(0.05, 4);
  });

  it('flags 5,300 against 4,700 exposed sessions of a 50/50 split, with the expected counts', () => {
    const result = sampleRatio([
      { arm: 'control', observed: 5300, weight: 50 },
      { arm: 'bold', observed: 4700, weight: 50 },
    ]);
    expect(result.chiSquared).toBeCloseTo(36, 6);
    expect(result.pValue).toBeLessThan(SRM_P_VALUE);
    expect(result.flagged).toBe(true);
    expect(result.arms).toEqual([
      { arm: 'control', observed: 5300, expected: 5000 },
      { arm: 'bold', observed: 4700, expected: 5000 },
    ]);
  });

  it('does not flag a split within chance of uneven declared weights', () => {
    const result = sampleRatio([
      { arm: 'a', observed: 2530, weight: 1 },
      { arm: 'b', observed: 7470, weight: 3 },
    ]);
    expect(result.arms.map((arm) => arm.expected)).toEqual([2500, 7500]);
    expect(result.pValue).toBeGreaterThan(0.4);
    expect(result.flagged).toBe(false);
  });
});
