import { describe, expect, it } from 'vitest';
import { clinicalMetrics } from './clinical-metrics.ts';
import { scoringFixture } from './scoring-fixture.ts';
import { testProfile } from './test-profile.ts';

const scoring = scoringFixture();

describe('clinicalMetrics', () => {
  // volume_integrity starts at 88 for a 35-year-old with no gap; the gap lowers it 1 per year.
  it.each([
    [13, 75, 'Well preserved'],
    [14, 74, 'Early decline'],
    [33, 55, 'Early decline'],
    [34, 54, 'Significant decline'],
    [90, 10, 'Significant decline'], // clamped at 10
  ])('gap %i → volume_integrity %i, %s', (gap, score, category) => {
    const metric = clinicalMetrics(testProfile(), gap, scoring).volume_integrity;
    expect(metric.score).toBe(score);
    expect(metric.category).toBe(category);
    expect(metric.description).not.toBe('');
  });

  it('dermal_density follows its own issues', () => {
    // 86 − 0.7×10 − 2 − (fine lines 5 + dryness 4) = 68 → 'Early thinning'
    const metric = clinicalMetrics(
      testProfile({ age: 45, skinIssues: ['fine-lines', 'dryness'] }),
      2,
      scoring,
    ).dermal_density;
    expect(metric).toMatchObject({ score: 68, category: 'Early thinning' });
  });
});
