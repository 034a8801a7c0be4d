/**
 * Each rule of the skin funnel's result (spec §9) alone, computed from the flow file: an earlier
 * computation is fixed where the old unit test passed it in (e.g. the age gap), so a row isolates one rule.
 */
import { describe, expect, it } from 'vitest';
import type { ResultModel } from '../../../src/scoring/evaluate-computations.ts';
import { profile, skinModel, skinResult, tableOf } from '../../support/skin-scoring.ts';

const FAILING = "My old routine used to work, but it's failing now";
const TRIED = "I've tried everything—and nothing makes a difference";

/** The result of `answers` with the final age gap fixed at `gap`. */
const withGap = (answers: Record<string, unknown>, gap: number, model?: ResultModel) =>
  skinResult(answers, { fixed: { ageDifference: gap }, ...(model ? { model } : {}) });

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
    ['overnight', 0, 'rapid'], // the fastest change is rapid by speed, like 6-12-months (issue 33)
    [null, 0, 'normal'],
  ])('speed %s, gap %d → %s', (changeSpeed, gap, expected) => {
    expect(withGap(profile({ changeSpeed }), gap)['agingRate']).toBe(expected);
  });

  it('reads its thresholds from the flow', () => {
    const copy = skinModel();
    tableOf(copy, 'agingRate.rapid')['gapOver'] = 10;
    tableOf(copy, 'agingRate.accelerated')['changeSpeeds'] = ['3-plus-years'];
    expect(withGap(profile(), 5, copy)['agingRate']).toBe('accelerated');
    expect(withGap(profile({ changeSpeed: '3-plus-years' }), 0, copy)['agingRate']).toBe('accelerated');
  });
});

describe('the photo blend: 60 % quiz, 40 % photo', () => {
  // A 35-year-old whose quiz gap is `quiz` (fixed) and whose photo reads 35 + `photo`.
  const gap = (quiz: number, photo: number | null, model?: ResultModel) =>
    skinResult(profile(), {
      fixed: { quizSkinAge: 35 + quiz },
      ...(photo === null ? {} : { assessment: { photo_skin_age: 35 + photo } }),
      ...(model ? { model } : {}),
    })['ageGap'];
  it.each<[number, number | null, number]>([
    [10, null, 10], // no photo: the quiz gap
    [10, 0, 6],
    [0, 10, 4],
    [5, 10, 7], // 3 + 4
    [8, -5, 2.8], // 4.8 − 2
  ])('quiz %d, photo %s → %d', (quiz, photo, expected) => {
    expect(gap(quiz, photo)).toBeCloseTo(expected, 9);
  });

  it('reads its weights from the flow', () => {
    const copy = skinModel();
    tableOf(copy, 'photo')['blend'] = { quiz: 0.5, photo: 0.5 };
    expect(gap(5, 10, copy)).toBeCloseTo(7.5, 9);
  });

  it.each<[unknown, number | null]>([
    [{ photo_skin_age: 52.5 }, 52.5],
    [{ photo_skin_age: '52' }, null],
    [{ photo_skin_age: Number.NaN }, null],
    [{ photo_skin_age: 0 }, null],
    [{}, null],
    [null, null],
    ['52', null],
  ])('the photo skin age of %j is %s', (assessment, expected) => {
    expect(skinResult({}, { assessment })['photoSkinAge']).toBe(expected);
  });
});

describe('confidenceScore: each coefficient (base 20)', () => {
  it.each<[string, Record<string, unknown>, number, number]>([
    ['nothing', {}, 0, 20],
    ['gap 10 (+1.5 per year)', {}, 10, 35],
    ['gap −2', {}, -2, 17],
    ['one symptom (+4)', { otherSymptoms: ['fatigue'] }, 0, 24],
    ['two symptoms', { otherSymptoms: ['hot-flashes', 'poor-sleep'] }, 0, 28],
    ["'none' is no symptom", { otherSymptoms: ['none'] }, 0, 20],
    ['speed 6-12-months (+8)', { changeSpeed: '6-12-months' }, 0, 28],
    ['speed 1-2-years (+4)', { changeSpeed: '1-2-years' }, 0, 24],
    ['speed 3-plus-years (+1)', { changeSpeed: '3-plus-years' }, 0, 21],
    ['speed no-significant (−5)', { changeSpeed: 'no-significant' }, 0, 15],
    ['speed overnight (+8, the fastest)', { changeSpeed: 'overnight' }, 0, 28],
    ['hrt no (+3)', { hrt: 'no' }, 0, 23],
    ['hrt past (+1)', { hrt: 'past' }, 0, 21],
    ['hrt yes (−5)', { hrt: 'yes' }, 0, 15],
    ['routine failing (+5)', { antiAgingExperience: [FAILING] }, 0, 25],
    ['tried everything (+5)', { antiAgingExperience: [TRIED] }, 0, 25],
    ['both experiences', { antiAgingExperience: [FAILING, TRIED] }, 0, 30],
    ['another experience (0)', { antiAgingExperience: ["I don't use anything right now"] }, 0, 20],
    ['rounds to an integer', {}, 0.3, 20], // 20.45
    ['rounds half up', {}, 1, 22], // 21.5
  ])('%s → %i', (_name, changes, gap, expected) => {
    expect(withGap(profile(changes), gap)['confidenceScore']).toBe(expected);
  });
});

describe('confidenceScore: clamped 10..95', () => {
  const low = profile({ changeSpeed: 'no-significant', hrt: 'yes' });
  it.each<[string, Record<string, unknown>, number, number]>([
    ['exactly 10', low, 0, 10], // 20 − 5 − 5
    ['below 10 → 10', low, -2, 10], // 7
    ['exactly 95', profile(), 50, 95], // 20 + 75
    ['above 95 → 95', profile(), 50.7, 95], // 96.05
    ['far above', profile({ otherSymptoms: ['a', 'b', 'c'] }), 60, 95],
  ])('%s', (_name, answers, gap, expected) => {
    expect(withGap(answers, gap)['confidenceScore']).toBe(expected);
  });

  it('the clamp comes from the flow', () => {
    const copy = skinModel();
    tableOf(copy, 'confidence')['max'] = 90;
    tableOf(copy, 'confidence')['min'] = 12;
    expect(withGap(profile(), 50, copy)['confidenceScore']).toBe(90);
    expect(withGap(low, 0, copy)['confidenceScore']).toBe(12);
  });
});

describe('hormonalLabel', () => {
  const labelOf = (score: number, model?: ResultModel) =>
    skinResult({}, { fixed: { confidenceScore: score }, ...(model ? { model } : {}) });
  it.each([
    [95, 'Very High'],
    [80, 'Very High'],
    [79, 'High'],
    [65, 'High'],
    [64, 'Medium-High'],
    [50, 'Medium-High'],
    [49, 'Medium'],
    [35, 'Medium'],
    [34, 'Low-Medium'],
    [10, 'Low-Medium'],
    [0, 'Low-Medium'],
  ])('%i → %s', (score, label) => {
    expect(labelOf(score)['hormonalLabel']).toBe(label);
  });

  it('gives each band its own comment', () => {
    const comments = [90, 70, 55, 40, 20].map((score) => {
      const comments = labelOf(score)['clinicalComments'];
      return Array.isArray(comments) ? comments[1] : undefined;
    });
    expect(new Set(comments).size).toBe(5);
  });

  it('reads thresholds and texts from the flow', () => {
    const copy = skinModel();
    tableOf(copy, 'hormonalLabels')['bands'] = [[90, 'Top']];
    tableOf(copy, 'hormonalLabels')['otherwise'] = 'Rest';
    expect(labelOf(90, copy)['hormonalLabel']).toBe('Top');
    expect(labelOf(89, copy)['hormonalLabel']).toBe('Rest');
  });
});

describe('round (the registered operation the result rounds with)', () => {
  it.each([
    [0.1 + 0.2, 1, 0.3],
    [1.45, 1, 1.5], // 1.45 is 1.4499999… in binary
    [0.1 * 3 + 3.7, 1, 4],
    [2.25, 1, 2.3],
    [-2.25, 1, -2.3],
    [50.4, 0, 50],
    [50.5, 0, 51],
    [68.8, 1, 68.8],
  ])('round(%d, %i) = %d', (value, decimals, expected) => {
    const model = { computations: { value: { round: [value, decimals] } } };
    expect(skinResult({}, { model })['value']).toBe(expected);
  });
});
