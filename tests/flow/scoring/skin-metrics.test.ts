/** Detailed metrics, overview scores, clinical metrics and finding cards, computed from the flow file. */
import { describe, expect, it } from 'vitest';
import type { ResultModel } from '../../../src/scoring/evaluate-computations.ts';
import { profile, skinAssessment, skinModel, skinResult, tableOf } from '../../support/skin-scoring.ts';

const withGap = (answers: Record<string, unknown>, gap: number, model?: ResultModel) =>
  skinResult(answers, { fixed: { ageDifference: gap }, ...(model ? { model } : {}) });
const detailedMetrics = (answers: Record<string, unknown>, gap: number, model?: ResultModel) =>
  withGap(answers, gap, model)['detailedMetrics'];
const overviewScores = (answers: Record<string, unknown>, gap: number, model?: ResultModel) =>
  withGap(answers, gap, model)['overview'];

describe('detailedMetrics: formula', () => {
  it('starts from the configured start values at the base age with no gap', () => {
    expect(detailedMetrics(profile(), 0)).toEqual({ collagenDensity: 85, elastinIntegrity: 82, hydrationLevels: 80 });
  });

  it('loses per year above the base age, per gap year and per chosen issue', () => {
    // age 45, gap 5, dryness + firmness-loss:
    // collagen 85 − 0.8×10 − 5 − 8 (firmness) = 64; elastin 82 − 7 − 5 − 10 = 60; hydration 80 − 5 − 5 − 15 = 55
    const answers = profile({ age: 45, skinIssues: ['dryness', 'firmness-loss'] });
    expect(detailedMetrics(answers, 5)).toEqual({ collagenDensity: 64, elastinIntegrity: 60, hydrationLevels: 55 });
  });

  it('rounds to integer percentages', () => {
    // collagen 85 − 0.8 = 84.2; elastin 82 − 0.7 = 81.3; hydration 80 − 0.5 = 79.5 → 80
    expect(detailedMetrics(profile({ age: 36 }), 0)).toEqual({
      collagenDensity: 84,
      elastinIntegrity: 81,
      hydrationLevels: 80,
    });
  });
});

describe('detailedMetrics: clamps (collagen 20..95, elastin 15..95, hydration 25..95)', () => {
  const worst = profile({ age: 65, skinIssues: ['fine-lines', 'firmness-loss', 'jowls', 'texture', 'dryness'] });

  it('low: never below the minimum', () => {
    // gap 30: collagen 85 − 24 − 30 − 25 = 6; elastin 82 − 21 − 30 − 24 = 7; hydration 80 − 15 − 30 − 25 = 10
    expect(detailedMetrics(worst, 30)).toEqual({ collagenDensity: 20, elastinIntegrity: 15, hydrationLevels: 25 });
  });

  it('low: a value just above the minimum is kept', () => {
    // gap 6: collagen 85 − 24 − 6 − 25 = 30; elastin 82 − 21 − 6 − 24 = 31; hydration 80 − 15 − 6 − 25 = 34
    expect(detailedMetrics(worst, 6)).toEqual({ collagenDensity: 30, elastinIntegrity: 31, hydrationLevels: 34 });
  });

  it('high: never above the maximum', () => {
    // The shipped starts cannot reach 95, so raise every start in a copy.
    const copy = skinModel();
    tableOf(copy, 'detailedMetrics.collagenDensity')['start'] = 100;
    tableOf(copy, 'detailedMetrics.elastinIntegrity')['start'] = 96;
    tableOf(copy, 'detailedMetrics.hydrationLevels')['start'] = 95;
    expect(detailedMetrics(profile(), 0, copy)).toEqual({
      collagenDensity: 95,
      elastinIntegrity: 95,
      hydrationLevels: 95,
    });
    expect(detailedMetrics(profile(), 2, copy)).toEqual({
      collagenDensity: 95, // 98
      elastinIntegrity: 94,
      hydrationLevels: 93,
    });
  });

  it('reads the clamps from the flow', () => {
    const copy = skinModel();
    tableOf(copy, 'detailedMetrics.collagenDensity')['min'] = 40;
    tableOf(copy, 'detailedMetrics.hydrationLevels')['max'] = 70;
    expect(detailedMetrics(profile(), 30, copy)).toMatchObject({ collagenDensity: 55 }); // 85 − 30, above the new min
    expect(detailedMetrics(worst, 30, copy)).toMatchObject({ collagenDensity: 40 });
    expect(detailedMetrics(profile(), 0, copy)).toMatchObject({ hydrationLevels: 70 });
  });
});

describe('overviewScores', () => {
  it('out of 10 with one decimal', () => {
    // 9.5 − 0.03×10 − 0.12×3 = 8.84; volume −1 (firmness) 7.84; elasticity −1.5 7.34;
    // texture −1 (dryness) 7.84; complexion −0.5 (dryness) 8.34
    const answers = profile({ age: 45, skinIssues: ['firmness-loss', 'dryness'] });
    expect(overviewScores(answers, 3)).toEqual({ volume: 7.8, elasticity: 7.3, texture: 7.8, complexion: 8.3 });
  });

  it('clamped to 1..10', () => {
    expect(overviewScores(profile(), 80)).toEqual({ volume: 1, elasticity: 1, texture: 1, complexion: 1 });
    const copy = skinModel();
    tableOf(copy, 'overview.volume')['start'] = 11;
    expect(overviewScores(profile(), 0, copy)).toMatchObject({ volume: 10 });
  });
});

describe('clinical metrics of the assessment', () => {
  const clinical = (answers: Record<string, unknown>, gap: number) =>
    skinResult(answers, { fixed: { ageDifference: gap } })['assessment'];
  // volume_integrity starts at 88 for a 35-year-old with no gap; the gap lowers it 1 per year.
  it.each([
    [13, 75, 'Well preserved'],
    [14, 74, 'Early decline'],
    [33, 55, 'Early decline'],
    [34, 54, 'Significant decline'],
    [90, 10, 'Significant decline'], // clamped at 10
  ])('gap %i → volume_integrity %i, %s', (gap, score, category) => {
    expect(clinical(profile(), gap)).toMatchObject({
      clinical_metrics: { volume_integrity: { score, category, description: expect.stringMatching(/./) } },
    });
  });

  it('dermal_density follows its own issues', () => {
    // 86 − 0.7×10 − 2 − (fine lines 5 + dryness 4) = 68 → 'Early thinning'
    expect(clinical(profile({ age: 45, skinIssues: ['fine-lines', 'dryness'] }), 2)).toMatchObject({
      clinical_metrics: { dermal_density: { score: 68, category: 'Early thinning' } },
    });
  });

  it('an answers-only assessment carries them', () => {
    expect(skinAssessment({ age: 35 })).toMatchObject({ clinical_metrics: { volume_integrity: { score: 88, category: 'Well preserved' } } });
  });
});

describe('dermatologistFindings', () => {
  const fixed = {
    'detailedMetrics.collagenDensity': 41,
    'detailedMetrics.elastinIntegrity': 52,
    'detailedMetrics.hydrationLevels': 63,
    'overview.volume': 5.5,
    'overview.elasticity': 6.5,
    'overview.texture': 7.5,
    'overview.complexion': 8.5,
  };
  const findings = (skinIssues: string[]) => skinResult(profile({ skinIssues }), { fixed })['dermatologistFindings'];

  it('quotes percentages and scores out of 10, most points first, at most findings.max', () => {
    // jowls 3, texture 3 (table order: texture before jowls), fine lines 1.5, spots 1 → the first three
    const found = findings(['spots', 'fine-lines', 'jowls', 'texture']);
    expect(Array.isArray(found) && found.map((f: unknown) => f !== null && typeof f === 'object' && 'metric' in f && f.metric)).toEqual([
      'Texture score: 7.5/10',
      'Volume score: 5.5/10',
      'Collagen density: 41%',
    ]);
  });

  it('skips issues without a finding and falls back to the default', () => {
    const fallback = tableOf(skinModel(), 'findings.default');
    expect(findings(['multiple-concerns'])).toEqual([
      { type: 'general', title: fallback['title'], metric: 'Collagen density: 41%', insight: fallback['insight'] },
    ]);
  });
});
