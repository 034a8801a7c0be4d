import { describe, expect, it } from 'vitest';
import { computeResult } from './compute-result.ts';
import { fallbackAssessment } from './fallback-assessment.ts';
import { photoAssessment, type PhotoReading } from './photo-assessment.ts';
import { SAMPLE_ANSWERS } from './sample-answers.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();
const calm: PhotoReading['markers'] = { texture: 0, toneUnevenness: 0, underEyeDarkness: 0, jawlineSoftness: 0 };

function reading(apparentAge: number, markers: Partial<PhotoReading['markers']> = {}, faceCount = 1): PhotoReading {
  return { faceCount, apparentAge, markers: { ...calm, ...markers } };
}

describe('photoAssessment', () => {
  it('adds the marker years to the apparent age and blends the gap 60/40 with the quiz', () => {
    // Sample answers: age 45, quiz skin age 68.8 (gap 23.8).
    // Photo: 50 + 3×0.5 (texture) + 2×0.25 (tone) + 2×1 (under-eye) + 2×0 = 54 → gap 9.
    // Blended gap: 0.6 × 23.8 + 0.4 × 9 = 17.88 → 17.9.
    const assessment = photoAssessment(
      SAMPLE_ANSWERS,
      reading(50, { texture: 0.5, toneUnevenness: 0.25, underEyeDarkness: 1 }),
      scoring,
      'p-1',
    );
    expect(assessment.assessed_skin_age).toBe(54);
    expect(assessment.aging_acceleration).toBe(17.9);
    expect(assessment.chronological_age).toBe(45);
    expect(assessment.photo).toEqual({
      face_count: 1,
      apparent_age: 50,
      markers: { texture: 0.5, toneUnevenness: 0.25, underEyeDarkness: 1, jawlineSoftness: 0 },
      note: null,
    });
  });

  it('agrees with the computed result the screens show from it', () => {
    const assessment = photoAssessment(SAMPLE_ANSWERS, reading(58, { texture: 0.4 }), scoring, 'p-2');
    const result = computeResult(SAMPLE_ANSWERS, assessment, scoring);
    expect(result.ageDifference).toBeCloseTo(assessment.aging_acceleration, 1);
  });

  it('keeps the photo age within the band around the chronological age', () => {
    expect(photoAssessment(SAMPLE_ANSWERS, reading(20), scoring, 'x').assessed_skin_age).toBe(45 - 10);
    expect(photoAssessment(SAMPLE_ANSWERS, reading(90), scoring, 'x').assessed_skin_age).toBe(45 + 20);
  });

  it('scores texture, complexion and elasticity from the markers and keeps the quiz volume', () => {
    const quiz = fallbackAssessment(SAMPLE_ANSWERS, scoring, 'q');
    const assessment = photoAssessment(
      SAMPLE_ANSWERS,
      reading(45, { texture: 0.5, toneUnevenness: 1, underEyeDarkness: 0.5, jawlineSoftness: 1 }),
      scoring,
      'p-3',
    );
    expect(assessment.assessment_overview).toEqual({
      volume: quiz.assessment_overview.volume,
      texture: { score: 7 }, // 10 − 6 × 0.5
      complexion: { score: 4 }, // 10 − 6 × 1
      elasticity: { score: 5.5 }, // 10 − 3 × 1 − 3 × 0.5
    });
    expect(assessment.findings).toEqual(quiz.findings);
    expect(assessment.recommendations).toEqual(quiz.recommendations);
  });

  it('clamps markers to 0..1 and says when several faces were found', () => {
    const assessment = photoAssessment(SAMPLE_ANSWERS, reading(45, { texture: 7, toneUnevenness: -1 }, 3), scoring, 'p-4');
    expect(assessment.photo.markers).toMatchObject({ texture: 1, toneUnevenness: 0 });
    expect(assessment.photo.note).toBe('3 faces were found; the largest was analysed.');
  });

  it('follows a changed marker weight in the config', () => {
    const tuned = scoringFixture();
    tuned.photo.markerYears.texture = 10;
    const input = reading(50, { texture: 1 });
    expect(photoAssessment(SAMPLE_ANSWERS, input, tuned, 'a').assessed_skin_age).toBe(60);
    expect(photoAssessment(SAMPLE_ANSWERS, input, scoring, 'a').assessed_skin_age).toBe(53);
  });
});
