/**
 * A credible cap, not a hiding one (issue 43): `tables.skinAgeCap.maxGap` caps the skin age a screen
 * shows where a gap stops being credible. The spec's worked profile shows its number; an extreme such
 * as 83 at 65 stays capped; the common profiles of the main path show theirs.
 */
import { describe, expect, it } from 'vitest';
import { CAP, gridGaps, percentile, sampleGaps, shareOver } from '../../support/skin-gap-distribution.ts';
import { skinResult } from '../../support/skin-scoring.ts';

describe('the shown skin age', () => {
  it('the worked profile (50, loss of firmness, 6-12 months, no photo) shows its number: 59.5, shown 60', () => {
    const result = skinResult({ age: 50, skinIssues: ['firmness-loss'], changeSpeed: '6-12-months' });
    expect(result['skinAge']).toBe(59.5);
    expect(result['gapOverCap']).toBe(false);
    expect(result['shownSkinAge']).toBe(60);
  });

  it('an extreme (83 at 65, +18) stays capped, shown as the cap with a "+"', () => {
    const result = skinResult({ age: 65 }, { fixed: { quizPoints: 18 } });
    expect(result['skinAge']).toBe(83);
    expect(result['gapOverCap']).toBe(true);
    expect(result['shownSkinAge']).toBe(`${65 + CAP}+`);
  });

  it('sits between the two: above the worked +9.5, below +18', () => {
    expect(CAP).toBeGreaterThanOrEqual(9.5);
    expect(CAP).toBeLessThan(18);
  });

  it("the flow's low and medium samples show their number, the high one (+19.4) is capped", () => {
    const gaps = sampleGaps();
    expect(gaps['low']).toBeLessThanOrEqual(CAP);
    expect(gaps['medium']).toBeLessThanOrEqual(CAP);
    expect(gaps['high']).toBeGreaterThan(CAP);
  });

  it('is not below the common profiles: at least 85 % of them show their number', () => {
    const gaps = gridGaps('common');
    expect(gaps).toHaveLength(7 * 15 * 4 * 16);
    expect(shareOver(gaps, CAP)).toBeLessThanOrEqual(0.15);
    // The old cap of 8 hid four common profiles in five.
    expect(shareOver(gaps, 8)).toBeGreaterThan(0.75);
    expect(percentile(gaps, 0.5)).toBeLessThan(CAP);
  }, 60_000);
});
