import { describe, expect, it } from 'vitest';
import { detailedMetrics } from './detailed-metrics.ts';
import { scoringFixture } from './scoring-fixture.ts';
import { testProfile } from './test-profile.ts';

const scoring = scoringFixture();

describe('detailedMetrics: formula', () => {
  it('starts from the configured start values at the base age with no gap', () => {
    expect(detailedMetrics(testProfile(), 0, scoring)).toEqual({
      collagenDensity: 85,
      elastinIntegrity: 82,
      hydrationLevels: 80,
    });
  });

  it('loses per year above the base age, per gap year and per chosen issue', () => {
    // age 45, gap 5, dryness + firmness-loss:
    // collagen 85 − 0.8×10 − 5 − 8 (firmness) = 64; elastin 82 − 7 − 5 − 10 = 60; hydration 80 − 5 − 5 − 15 = 55
    const profile = testProfile({ age: 45, skinIssues: ['dryness', 'firmness-loss'] });
    expect(detailedMetrics(profile, 5, scoring)).toEqual({
      collagenDensity: 64,
      elastinIntegrity: 60,
      hydrationLevels: 55,
    });
  });

  it('rounds to integer percentages', () => {
    // collagen 85 − 0.8 = 84.2; elastin 82 − 0.7 = 81.3; hydration 80 − 0.5 = 79.5 → 80
    expect(detailedMetrics(testProfile({ age: 36 }), 0, scoring)).toEqual({
      collagenDensity: 84,
      elastinIntegrity: 81,
      hydrationLevels: 80,
    });
  });
});

describe('detailedMetrics: clamps (collagen 20..95, elastin 15..95, hydration 25..95)', () => {
  const worst = testProfile({
    age: 65,
    skinIssues: ['fine-lines', 'firmness-loss', 'jowls', 'texture', 'dryness'],
  });

  it('low: never below the minimum', () => {
    // gap 30: collagen 85 − 24 − 30 − 25 = 6; elastin 82 − 21 − 30 − 24 = 7; hydration 80 − 15 − 30 − 25 = 10
    expect(detailedMetrics(worst, 30, scoring)).toEqual({
      collagenDensity: 20,
      elastinIntegrity: 15,
      hydrationLevels: 25,
    });
  });

  it('low: a value just above the minimum is kept', () => {
    // gap 6: collagen 85 − 24 − 6 − 25 = 30; elastin 82 − 21 − 6 − 24 = 31; hydration 80 − 15 − 6 − 25 = 34
    expect(detailedMetrics(worst, 6, scoring)).toEqual({
      collagenDensity: 30,
      elastinIntegrity: 31,
      hydrationLevels: 34,
    });
  });

  it('high: never above the maximum', () => {
    // The defaults cannot reach 95, so raise every start in a copy.
    const copy = scoringFixture();
    copy.detailedMetrics.collagenDensity.start = 100;
    copy.detailedMetrics.elastinIntegrity.start = 96;
    copy.detailedMetrics.hydrationLevels.start = 95;
    expect(detailedMetrics(testProfile(), 0, copy)).toEqual({
      collagenDensity: 95,
      elastinIntegrity: 95,
      hydrationLevels: 95,
    });
    expect(detailedMetrics(testProfile(), 2, copy)).toEqual({
      collagenDensity: 95, // 98
      elastinIntegrity: 94,
      hydrationLevels: 93,
    });
  });

  it('reads the clamps from the config', () => {
    const copy = scoringFixture();
    copy.detailedMetrics.collagenDensity.min = 40;
    copy.detailedMetrics.hydrationLevels.max = 70;
    const result = detailedMetrics(testProfile(), 30, copy);
    expect(result.collagenDensity).toBe(55); // 85 − 30, above the new min
    expect(detailedMetrics(worst, 30, copy).collagenDensity).toBe(40);
    expect(detailedMetrics(testProfile(), 0, copy).hydrationLevels).toBe(70);
  });
});
