import { describe, expect, it } from 'vitest';
import { computeResult, RESULT_KEYS } from './compute-result.ts';
import { fallbackAssessment } from './fallback-assessment.ts';
import { SAMPLE_ANSWERS } from './sample-answers.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();

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
    const result = computeResult(SAMPLE_ANSWERS, undefined, scoring);
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
      clinicalComments: [scoring.agingRate.rapid.comment, scoring.hormonal.bands[0]?.comment],
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
      scoring,
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
    expect(computeResult(answers, { assessed_skin_age: 52 }, scoring)).toMatchObject({
      skinAge: 55.6,
      ageDifference: 5.6,
      confidenceScore: 32,
      agingRate: 'rapid',
    });
    expect(computeResult(answers, undefined, scoring)).toMatchObject({ skinAge: 58, confidenceScore: 36 });
  });

  it('a photo far younger is held at the floor, age − 2', () => {
    // Quiz gap 2.5 (age points only); photo 30 → gap −20; 0.6 × 2.5 − 0.4 × 20 = −6.5 → floor −2
    const result = computeResult({ age: 50 }, { assessed_skin_age: 30 }, scoring);
    expect(result).toMatchObject({
      skinAge: 48,
      ageDifference: -2,
      agingRate: 'normal',
      confidenceScore: 17,
    });
  });

  it('a visitor with no answers: the default age, no concerns', () => {
    const result = computeResult(undefined, undefined, scoring);
    expect(result).toMatchObject({
      chronologicalAge: 50,
      skinAge: 52.5, // 50 + 1.5 + 1
      primaryConcerns: [],
      primaryConcern: 'General skin ageing',
      dermatologistFindings: [expect.objectContaining({ title: scoring.findings.default.title })],
    });
  });

  it('uses the assessment age when the answers have none', () => {
    expect(computeResult({}, { chronological_age: 40 }, scoring).chronologicalAge).toBe(40);
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
    const result = computeResult(answers, undefined, scoring);
    expect(result.ageDifference).toBe(gap);
    expect(result.agingRate).toBe(rate);
  });
});

describe('computeResult: robustness', () => {
  it.each<[string, unknown, unknown]>([
    ['null answers', null, null],
    ['corrupt answers', { age: 'x', skinIssues: 'dryness', otherSymptoms: [1, null], hrt: 5 }, 'garbage'],
    ['a corrupt assessment', {}, { assessed_skin_age: 'old' }],
  ])('%s: same as no answers, no throw', (_name, answers, assessment) => {
    expect(computeResult(answers, assessment, scoring)).toEqual(computeResult({}, undefined, scoring));
  });

  it('blending the fallback assessment as if it were a photo changes nothing', () => {
    const alone = computeResult(SAMPLE_ANSWERS, undefined, scoring);
    const withFallback = computeResult(
      SAMPLE_ANSWERS,
      fallbackAssessment(SAMPLE_ANSWERS, scoring, 'id'),
      scoring,
    );
    expect(withFallback).toEqual(alone);
  });
});

describe('computeResult: the config drives the result', () => {
  it.each<[string, (s: ReturnType<typeof scoringFixture>) => void, Partial<Record<string, unknown>>]>([
    [
      'dryness 3 → 5',
      (s) => void (s.skinIssues.options['dryness'] = { ...s.skinIssues.options['dryness']!, points: 5 }),
      { skinAge: 70.8 },
    ],
    ['per year 0.1 → 0.2', (s) => void (s.age.perYearAboveBase = 0.2), { skinAge: 69.8 }],
    ['45 tier 1 → 3', (s) => void (s.age.tiers[0]!.add = 3), { skinAge: 70.8 }],
    ['hot flashes 2.5 → 0', (s) => void (s.symptoms.points['hot-flashes'] = 0), { skinAge: 66.3 }],
    ['other symptom 1.2 → 2.2', (s) => void (s.symptoms.otherEach = 2.2), { skinAge: 69.8 }],
    ['moisturizers 0.8 → 0', (s) => void (s.skinTreatments['moisturizers'] = 0), { skinAge: 68 }],
    ['no HRT 2 → 0', (s) => void (s.hrt['no'] = 0), { skinAge: 66.8 }],
    ['main-concerns bonus 1 → 0', (s) => void (s.skinIssues.mainConcernsBonus.points = 0), { skinAge: 67.8 }],
    ['6-12-months 4 → 1', (s) => void (s.changeSpeed['6-12-months'] = 1), { skinAge: 65.8 }],
    // 83.7 − 12 = 71.7 → 72, High
    [
      'per symptom 4 → 0',
      (s) => void (s.confidence.perSymptom = 0),
      { confidenceScore: 72, hormonalLabel: 'High' },
    ],
    [
      'first estimate 0.6 → 0.5',
      (s) => void (s.confidence.firstEstimateFraction = 0.5),
      { firstEstimate: 42 },
    ],
    [
      'collagen start 85 → 90',
      (s) => void (s.detailedMetrics.collagenDensity.start = 90),
      { detailedMetrics: expect.objectContaining({ collagenDensity: 45 }) },
    ],
  ])('%s', (_name, change, expected) => {
    const copy = scoringFixture();
    change(copy);
    expect(computeResult(SAMPLE_ANSWERS, undefined, copy)).toMatchObject(expected);
    // The defaults are untouched (68.8, 84, 50, collagen 40).
    expect(computeResult(SAMPLE_ANSWERS, undefined, scoring)).toMatchObject({
      skinAge: 68.8,
      confidenceScore: 84,
    });
  });
});

describe('RESULT_KEYS', () => {
  it('lists exactly the keys of a computed result', () => {
    const keys = Object.keys(computeResult(SAMPLE_ANSWERS, undefined, scoring));
    expect([...RESULT_KEYS].sort()).toEqual(keys.sort());
  });
});
