/**
 * The answers-only assessment (the flow's `assessment` computation) and the photo analysis adapter that
 * builds on it, with the flow's photo weights.
 */
import { describe, expect, it } from 'vitest';
import { photoAssessment, type PhotoReading } from '../../../src/scoring/photo-assessment.ts';
import { computeResult, SAMPLE_ANSWERS, skinAssessment, skinModel, skinResult, tableOf } from '../../support/skin-scoring.ts';

const model = skinModel();
const calm: PhotoReading['markers'] = { texture: 0, toneUnevenness: 0, underEyeDarkness: 0, jawlineSoftness: 0 };

function reading(apparentAge: number, markers: Partial<PhotoReading['markers']> = {}, faceCount = 1): PhotoReading {
  return { faceCount, apparentAge, markers: { ...calm, ...markers } };
}

describe('the answers-only assessment', () => {
  it('the sample data in the assessmentData shape', () => {
    // Numbers as in skin-result.test.ts; clinical metrics:
    // volume_integrity 88 − 0.6×10 − 23.8 − 8 (firmness) = 50.2 → 50, below 55 → 'Significant decline'
    // dermal_density 86 − 0.7×10 − 23.8 − 5 (fine lines) − 4 (dryness) = 46.2 → 46 → 'Marked thinning'
    const assessment = skinAssessment({ ...SAMPLE_ANSWERS, email: 'ann@example.com' }, model, 'local-1');
    expect(assessment).toEqual({
      id: 'local-1',
      email: 'ann@example.com',
      chronological_age: 45,
      assessed_skin_age: 68.8,
      aging_acceleration: 23.8,
      assessment_confidence: 84,
      primary_concern: 'Loss of firmness or sagging',
      assessment_overview: {
        volume: { score: 5.3 },
        elasticity: { score: 3.8 },
        texture: { score: 4.8 },
        complexion: { score: 5.8 },
      },
      clinical_metrics: {
        volume_integrity: expect.objectContaining({ score: 50, category: 'Significant decline' }),
        dermal_density: expect.objectContaining({ score: 46, category: 'Marked thinning' }),
      },
      findings: [
        expect.objectContaining({ area: 'Cheeks and jawline' }),
        expect.objectContaining({ area: 'Cheeks and around the mouth' }),
        expect.objectContaining({ area: 'Eyes and forehead' }),
      ],
      recommendations: [
        'Focus on firming: support collagen and elastin from within',
        'Rebuild hydration with humectants and a barrier-repair moisturizer',
        'Support collagen renewal with a consistent evening routine',
        'Use daily broad-spectrum sun protection',
      ],
    });
    const findings = assessment['findings'];
    for (const finding of Array.isArray(findings) ? findings : [null]) {
      expect(Object.keys(finding ?? {}).sort()).toEqual(['area', 'biological_factor', 'lifestyle_factor', 'observation']);
    }
  });

  it('without answers: the default finding and the general recommendations, no email', () => {
    const assessment = skinAssessment(null, model, 'x');
    expect(assessment['email']).toBe('');
    expect(assessment['findings']).toEqual([tableOf(model, 'assessment.defaultFinding')]);
    expect(assessment['recommendations']).toEqual(tableOf(model, 'assessment')['generalRecommendations']);
  });

  it('lists a recommendation once and at most maxRecommendations', () => {
    // spots recommends sun protection, as do the general recommendations
    expect(skinAssessment({ skinIssues: ['spots'] }, model, 'x')['recommendations']).toEqual([
      'Use daily broad-spectrum sun protection',
      'Keep a simple, consistent routine for at least eight weeks',
    ]);
    const copy = skinModel();
    tableOf(copy, 'assessment')['maxRecommendations'] = 1;
    tableOf(copy, 'assessment')['maxFindings'] = 1;
    const capped = skinAssessment(SAMPLE_ANSWERS, copy, 'x');
    expect(capped['recommendations']).toHaveLength(1);
    expect(capped['findings']).toHaveLength(1);
  });

  it('blended back as if it were a photo, changes nothing', () => {
    const alone = computeResult(SAMPLE_ANSWERS, undefined);
    const blended = computeResult(SAMPLE_ANSWERS, skinAssessment(SAMPLE_ANSWERS));
    expect([blended.skinAge, blended.confidenceScore]).toEqual([alone.skinAge, alone.confidenceScore]);
  });
});

describe('readAnswers: corrupt or missing answers are absent, never an error', () => {
  const empty = skinResult({});
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'quizData'],
    ['an array', [1, 2]],
  ])('%s → the same result as no answers, with the fallback age 50', (_name, answers) => {
    expect(skinResult(answers)).toEqual(empty);
    expect(empty).toMatchObject({ age: 50, skinIssues: [], symptoms: [] });
  });

  it('drops wrongly typed values and duplicates', () => {
    const result = skinResult({
      age: '45',
      skinIssues: 'dryness',
      changeSpeed: ['6-12-months'],
      otherSymptoms: ['hot-flashes', 3, null, 'hot-flashes', ''],
      drMorganAnswers: { 0: 'poor-sleep' },
      skinTreatments: ['retinols', 'retinols'],
      hrt: 1,
      email: 7,
    });
    // 50 + 1.5 + 1 (age) + 2.5 (hot flashes, once) + 0.8 (retinols, once); no speed, no HRT
    expect(result).toMatchObject({ age: 50, skinIssues: [], symptoms: ['hot-flashes'], quizSkinAge: 55.8 });
    expect(result['assessment']).toMatchObject({ email: '' });
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [-3], [0]])('age %d is not an age', (age) => {
    expect(skinResult({ age })['age']).toBe(50);
  });

  it('merges the symptom answers, each value once', () => {
    const result = skinResult({
      otherSymptoms: ['fatigue', 'poor-sleep'],
      drMorganAnswers: ['poor-sleep', 'energy-crashes'],
    });
    expect(result['symptoms']).toEqual(['fatigue', 'poor-sleep', 'energy-crashes']);
  });
});

describe('photoAssessment', () => {
  it('adds the marker years to the apparent age and blends the gap 60/40 with the quiz', () => {
    // Sample answers: age 45, quiz skin age 68.8 (gap 23.8).
    // Photo: 50 + 3×0.5 (texture) + 2×0.25 (tone) + 2×1 (under-eye) + 2×0 = 54 → gap 9.
    // Blended gap: 0.6 × 23.8 + 0.4 × 9 = 17.88 → 17.9.
    const assessment = photoAssessment(
      model,
      SAMPLE_ANSWERS,
      reading(50, { texture: 0.5, toneUnevenness: 0.25, underEyeDarkness: 1 }),
      'p-1',
    );
    expect(assessment['photo_skin_age']).toBe(54);
    expect(assessment['aging_acceleration']).toBe(17.9);
    // What is stored is what the result screens show: the blended skin age, 45 + 17.88 → 62.9.
    expect(assessment['assessed_skin_age']).toBe(62.9);
    expect(assessment['chronological_age']).toBe(45);
    expect(assessment['photo']).toEqual({
      face_count: 1,
      apparent_age: 50,
      markers: { texture: 0.5, toneUnevenness: 0.25, underEyeDarkness: 1, jawlineSoftness: 0 },
      note: null,
    });
  });

  it('agrees with the computed result the screens show from it', () => {
    const assessment = photoAssessment(model, SAMPLE_ANSWERS, reading(58, { texture: 0.4 }), 'p-2');
    const result = computeResult(SAMPLE_ANSWERS, assessment);
    const stored = assessment['aging_acceleration'];
    expect(typeof stored).toBe('number');
    expect(result.ageDifference).toBeCloseTo(typeof stored === 'number' ? stored : Number.NaN, 1);
  });

  it('keeps the photo age within the band around the chronological age', () => {
    expect(photoAssessment(model, SAMPLE_ANSWERS, reading(20), 'x')['photo_skin_age']).toBe(45 - 10);
    expect(photoAssessment(model, SAMPLE_ANSWERS, reading(90), 'x')['photo_skin_age']).toBe(45 + 20);
  });

  it('scores texture, complexion and elasticity from the markers and keeps the quiz volume', () => {
    const quiz = skinAssessment(SAMPLE_ANSWERS, model, 'q');
    const assessment = photoAssessment(
      model,
      SAMPLE_ANSWERS,
      reading(45, { texture: 0.5, toneUnevenness: 1, underEyeDarkness: 0.5, jawlineSoftness: 1 }),
      'p-3',
    );
    expect(assessment['assessment_overview']).toEqual({
      volume: { score: 5.3 }, // the quiz's
      texture: { score: 7 }, // 10 − 6 × 0.5
      complexion: { score: 4 }, // 10 − 6 × 1
      elasticity: { score: 5.5 }, // 10 − 3 × 1 − 3 × 0.5
    });
    expect(assessment['findings']).toEqual(quiz['findings']);
    expect(assessment['recommendations']).toEqual(quiz['recommendations']);
  });

  it('clamps markers to 0..1 and says when several faces were found', () => {
    const assessment = photoAssessment(model, SAMPLE_ANSWERS, reading(45, { texture: 7, toneUnevenness: -1 }, 3), 'p-4');
    expect(assessment['photo']).toMatchObject({
      markers: { texture: 1, toneUnevenness: 0 },
      note: '3 faces were found; the largest was analysed.',
    });
  });

  it('follows a changed marker weight in the flow', () => {
    const tuned = skinModel();
    tableOf(tuned, 'photo.markerYears')['texture'] = 10;
    const input = reading(50, { texture: 1 });
    expect(photoAssessment(tuned, SAMPLE_ANSWERS, input, 'a')['photo_skin_age']).toBe(60);
    expect(photoAssessment(model, SAMPLE_ANSWERS, input, 'a')['photo_skin_age']).toBe(53);
  });

  it('names a missing weight', () => {
    const broken = skinModel();
    delete tableOf(broken, 'photo.blend')['photo'];
    expect(() => photoAssessment(broken, SAMPLE_ANSWERS, reading(50), 'a')).toThrow(
      'the photo weights need a number at blend.photo',
    );
  });
});
