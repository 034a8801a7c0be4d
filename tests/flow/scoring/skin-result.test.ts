import { describe, expect, it } from 'vitest';
import type { ResultModel } from '../../../src/scoring/evaluate-computations.ts';
import { SAMPLE_ANSWERS, skinAssessment, skinModel, skinResult, tableOf } from '../../support/skin-scoring.ts';

const model = skinModel();
const table = (name: string) => tableOf(model, name);
const computeResult = (answers: unknown, assessment: unknown, m: ResultModel = model) =>
  skinResult(answers, { assessment: assessment ?? undefined, model: m });

/** The keys of the result the screens show (the flow also exposes its intermediate computations). */
const SHOWN = [
  'skinAge', 'chronologicalAge', 'ageDifference', 'confidenceScore', 'agingRate', 'primaryConcerns',
  'hormonalLikelihood', 'hormonalLabel', 'clinicalComments', 'detailedMetrics', 'dermatologistFindings',
  'firstEstimate', 'overview', 'primaryConcern',
];
/** The comment of the flow's `index`th hormonal band. */
function hormonalComment(index: number): unknown {
  const bands = table('hormonalComments')['bands'];
  const band: unknown = Array.isArray(bands) ? bands[index] : undefined;
  return Array.isArray(band) ? band[1] : undefined;
}
const shown = (result: Record<string, unknown>) => Object.fromEntries(SHOWN.map((key) => [key, result[key]]));

describe('computeResult: whole profiles, computed by hand', () => {
  it('the spec sample quiz data', () => {
    // Skin age: 45 + 1.0 (10 years × 0.1) + 1 (45–54 tier)
    //   + 3 firmness + 3 dryness + 1.5 fine lines + 1 (three main concerns)
    //   + 4 (6-12-months) + 2.5 hot flashes + 2 poor sleep + 1.2 mood changes
    //   + 0.8 moisturizers + 0.8 serums + 2 (no HRT) = 45 + 23.8 = 68.8
    // Confidence: 20 + 1.5 × 23.8 (35.7) + 4 × 3 symptoms + 8 (6-12-months) + 3 (no HRT) + 5 (routine failing)
    //   = 83.7 → 84 → 'Very High'; first estimate 0.6 × 84 = 50.4 → 50
    // Collagen 85 − 8 − 23.8 − 13 = 40.2 → 40; elastin 82 − 7 − 23.8 − 14 = 37.2 → 37; hydration 80 − 5 − 23.8 − 15 = 36.2 → 36
    // Overview base 9.5 − 0.3 − 0.12 × 23.8 = 6.344: volume −1 → 5.3; elasticity −2.5 → 3.8; texture −1.5 → 4.8; complexion −0.5 → 5.8
    const result = shown(computeResult(SAMPLE_ANSWERS, undefined));
    expect(result).toEqual({
      skinAge: 68.8,
      chronologicalAge: 45,
      ageDifference: 23.8,
      confidenceScore: 84,
      agingRate: 'rapid',
      primaryConcerns: [
        'Loss of firmness or sagging',
        'Dryness',
        'Fine lines appearing faster than expected',
      ],
      hormonalLikelihood: 84,
      hormonalLabel: 'Very High',
      clinicalComments: [table('agingRate.comments')['rapid'], hormonalComment(0)],
      detailedMetrics: { collagenDensity: 40, elastinIntegrity: 37, hydrationLevels: 36 },
      dermatologistFindings: [
        expect.objectContaining({ type: 'structural', metric: 'Elastin integrity: 37%' }),
        expect.objectContaining({ type: 'hydration', metric: 'Hydration: 36%' }),
        expect.objectContaining({ type: 'wrinkles', metric: 'Collagen density: 40%' }),
      ],
      firstEstimate: 50,
      overview: { volume: 5.3, elasticity: 3.8, texture: 4.8, complexion: 5.8 },
      primaryConcern: 'Loss of firmness or sagging',
    });
  });

  it('an older visitor on HRT with few concerns', () => {
    // 58 + 2.3 (23 years) + 2 (55+ tier) + 1 spots (one main concern: no bonus) + 1 (3-plus-years)
    //   + 0 'none' + 1.2 energy crashes (doctor investigation) + 1.5 in-clinic + 0.8 retinols − 1 (HRT yes)
    //   = 58 + 8.8 = 66.8; the gap 8.8 is over 4 → rapid although the speed is slow
    // Confidence: 20 + 13.2 + 4 × 1 + 1 − 5 = 33.2 → 33 → 'Low-Medium'; first estimate 19.8 → 20
    // Collagen 85 − 18.4 − 8.8 = 57.8 → 58; elastin 82 − 16.1 − 8.8 = 57.1 → 57; hydration 80 − 11.5 − 8.8 = 59.7 → 60
    const result = computeResult(
      {
        age: 58,
        skinIssues: ['spots'],
        changeSpeed: '3-plus-years',
        otherSymptoms: ['none'],
        drMorganAnswers: ['energy-crashes'],
        skinTreatments: ['in-clinic', 'retinols'],
        hrt: 'yes',
      },
      undefined,

    );
    expect(result).toMatchObject({
      skinAge: 66.8,
      ageDifference: 8.8,
      confidenceScore: 33,
      hormonalLabel: 'Low-Medium',
      agingRate: 'rapid',
      firstEstimate: 20,
      detailedMetrics: { collagenDensity: 58, elastinIntegrity: 57, hydrationLevels: 60 },
      overview: { volume: 7.8, elasticity: 7.8, texture: 7.8, complexion: 6.3 }, // 9.5 − 0.69 − 1.056 (− 1.5)
      primaryConcern: 'Spots and uneven tone',
    });
  });

  it('with a photo result: 60 % quiz gap, 40 % photo gap', () => {
    // Quiz: 50 + 1.5 + 1 + 3 dryness + 2.5 (1-2-years) = 58 → gap 8; photo 52 → gap 2
    // Final gap 0.6 × 8 + 0.4 × 2 = 5.6 → skin age 55.6, rapid (over 4)
    // Confidence 20 + 1.5 × 5.6 + 4 = 32.4 → 32 (without the photo: 20 + 12 + 4 = 36)
    const answers = { age: 50, skinIssues: ['dryness'], changeSpeed: '1-2-years' };
    expect(computeResult(answers, { photo_skin_age: 52 })).toMatchObject({
      skinAge: 55.6,
      ageDifference: 5.6,
      confidenceScore: 32,
      agingRate: 'rapid',
    });
    expect(computeResult(answers, undefined)).toMatchObject({ skinAge: 58, confidenceScore: 36 });
  });

  it('a photo far younger is held at the floor, age − 2', () => {
    // Quiz gap 2.5 (age points only); photo 30 → gap −20; 0.6 × 2.5 − 0.4 × 20 = −6.5 → floor −2
    const result = computeResult({ age: 50 }, { photo_skin_age: 30 });
    expect(result).toMatchObject({
      skinAge: 48,
      ageDifference: -2,
      agingRate: 'normal',
      confidenceScore: 17,
    });
  });

  it('a visitor with no answers: the default age, no concerns', () => {
    const result = computeResult(undefined, undefined);
    expect(result).toMatchObject({
      chronologicalAge: 50,
      skinAge: 52.5, // 50 + 1.5 + 1
      primaryConcerns: [],
      primaryConcern: 'General skin aging',
      dermatologistFindings: [expect.objectContaining({ title: table('findings.default')['title'] })],
    });
  });

  it('uses the assessment age when the answers have none', () => {
    expect(computeResult({}, { chronological_age: 40 })['chronologicalAge']).toBe(40);
  });
});

describe('computeResult: ageing-rate boundaries through the whole formula', () => {
  it.each<[Record<string, unknown>, number, string]>([
    [{ age: 35, hrt: 'no' }, 2, 'normal'], // exactly 2 is not over 2
    [{ age: 36, hrt: 'no' }, 2.1, 'accelerated'],
    [{ age: 35, hrt: 'no', otherSymptoms: ['poor-sleep'] }, 4, 'accelerated'], // exactly 4 is not over 4
    [{ age: 36, hrt: 'no', otherSymptoms: ['poor-sleep'] }, 4.1, 'rapid'],
    [{ age: 35, changeSpeed: '6-12-months' }, 4, 'rapid'], // by speed
    [{ age: 35, changeSpeed: '1-2-years' }, 2.5, 'accelerated'],
  ])('%j → gap %d, %s', (answers, gap, rate) => {
    const result = computeResult(answers, undefined);
    expect(result['ageDifference']).toBe(gap);
    expect(result['agingRate']).toBe(rate);
  });
});

describe('computeResult: robustness', () => {
  it.each<[string, unknown, unknown]>([
    ['null answers', null, null],
    ['corrupt answers', { age: 'x', skinIssues: 'dryness', otherSymptoms: [1, null], hrt: 5 }, 'garbage'],
    ['a corrupt assessment', {}, { photo_skin_age: 'old' }],
  ])('%s: same as no answers, no throw', (_name, answers, assessment) => {
    expect(computeResult(answers, assessment)).toEqual(computeResult({}, undefined));
  });

  it('blending the fallback assessment as if it were a photo changes nothing', () => {
    const alone = computeResult(SAMPLE_ANSWERS, undefined);
    const withFallback = computeResult(
      SAMPLE_ANSWERS,
      skinAssessment(SAMPLE_ANSWERS),

    );
    expect(shown(withFallback)).toEqual(shown(alone));
  });
});

describe("computeResult: the flow's tables drive the result", () => {
  it.each<[string, (m: ResultModel) => void, Partial<Record<string, unknown>>]>([
    ['dryness 3 → 5', (m) => void (tableOf(m, 'skinIssueYears')['dryness'] = 5), { skinAge: 70.8 }],
    ['per year 0.1 → 0.2', (m) => void (tableOf(m, 'age')['perYearAboveBase'] = 0.2), { skinAge: 69.8 }],
    ['45 tier 1 → 3', (m) => void (tableOf(m, 'age')['tiers'] = [[55, 2], [45, 3]]), { skinAge: 70.8 }],
    ['hot flashes 2.5 → 0', (m) => void (tableOf(m, 'symptoms.points')['hot-flashes'] = 0), { skinAge: 66.3 }],
    ['other symptom 1.2 → 2.2', (m) => void (tableOf(m, 'symptoms')['otherEach'] = 2.2), { skinAge: 69.8 }],
    ['moisturizers 0.8 → 0', (m) => void (tableOf(m, 'treatmentYears')['moisturizers'] = 0), { skinAge: 68 }],
    ['no HRT 2 → 0', (m) => void (tableOf(m, 'hrtYears')['no'] = 0), { skinAge: 66.8 }],
    ['main-concerns bonus 1 → 0', (m) => void (tableOf(m, 'mainConcerns')['points'] = 0), { skinAge: 67.8 }],
    ['6-12-months 4 → 1', (m) => void (tableOf(m, 'changeSpeedYears')['6-12-months'] = 1), { skinAge: 65.8 }],
    // 83.7 − 12 = 71.7 → 72, High
    [
      'per symptom 4 → 0',
      (m) => void (tableOf(m, 'confidence')['perSymptom'] = 0),
      { confidenceScore: 72, hormonalLabel: 'High' },
    ],
    [
      'first estimate 0.6 → 0.5',
      (m) => void (tableOf(m, 'confidence')['firstEstimateFraction'] = 0.5),
      { firstEstimate: 42 },
    ],
    [
      'collagen start 85 → 90',
      (m) => void (tableOf(m, 'detailedMetrics.collagenDensity')['start'] = 90),
      { detailedMetrics: expect.objectContaining({ collagenDensity: 45 }) },
    ],
  ])('%s', (_name, change, expected) => {
    const copy = skinModel();
    change(copy);
    expect(computeResult(SAMPLE_ANSWERS, undefined, copy)).toMatchObject(expected);
    // The shipped tables are untouched (68.8, 84, 50, collagen 40).
    expect(computeResult(SAMPLE_ANSWERS, undefined)).toMatchObject({
      skinAge: 68.8,
      confidenceScore: 84,
    });
  });
});
