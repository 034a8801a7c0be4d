import type { Scoring } from '../engine/flow.gen.ts';
import { blendAgeGap } from './blend-age-gap.ts';
import { clamp } from './clamp.ts';
import { fallbackAssessment, type Assessment } from './fallback-assessment.ts';
import { round } from './round.ts';

/** What the face analysis read from a photo (measured on the largest face). */
export interface PhotoReading {
  /** Faces found; the largest one was analysed. */
  faceCount: number;
  /** The age model's apparent age of the face, in years. */
  apparentAge: number;
  /** Measured markers, each 0 (none) to 1 (strong). */
  markers: {
    texture: number;
    toneUnevenness: number;
    underEyeDarkness: number;
    jawlineSoftness: number;
  };
}

/** An assessment from a photo: spec §3's assessmentData plus what the photo contributed. */
export interface PhotoAssessment extends Assessment {
  photo: {
    face_count: number;
    apparent_age: number;
    markers: PhotoReading['markers'];
    /** Said when several faces were found. */
    note: string | null;
  };
}

const unit = (value: number) => clamp(Number.isFinite(value) ? value : 0, 0, 1);

/**
 * The assessment for a photo and the quiz answers.
 *
 * - `assessed_skin_age` is the photo's skin age: the apparent age plus `scoring.photo.markerYears` per
 *   marker at full strength, kept within the `ageBand` around the chronological age. The computed result
 *   blends it 60/40 with the quiz (spec §9) wherever it is shown.
 * - `aging_acceleration` is that blended gap, so the stored number agrees with the screens.
 * - Texture, complexion and elasticity come from the measured markers; volume, the clinical metrics,
 *   findings and recommendations are estimated from the answers (the photo cannot measure them).
 */
export function photoAssessment(answers: unknown, reading: PhotoReading, scoring: Scoring, id: string): PhotoAssessment {
  const base = fallbackAssessment(answers, scoring, id);
  const { markerYears, ageBand, overview } = scoring.photo;
  const markers = {
    texture: unit(reading.markers.texture),
    toneUnevenness: unit(reading.markers.toneUnevenness),
    underEyeDarkness: unit(reading.markers.underEyeDarkness),
    jawlineSoftness: unit(reading.markers.jawlineSoftness),
  };
  const chronological = base.chronological_age;
  const raw =
    reading.apparentAge +
    markerYears.texture * markers.texture +
    markerYears.toneUnevenness * markers.toneUnevenness +
    markerYears.underEyeDarkness * markers.underEyeDarkness +
    markerYears.jawlineSoftness * markers.jawlineSoftness;
  const photoSkinAge = round(clamp(raw, chronological - ageBand.below, chronological + ageBand.above), 1);
  const gap = blendAgeGap(base.aging_acceleration, photoSkinAge - chronological, scoring);
  const score = (lost: number) => ({ score: round(clamp(10 - lost, 1, 10), 1) });
  return {
    ...base,
    assessed_skin_age: photoSkinAge,
    aging_acceleration: round(gap, 1),
    assessment_overview: {
      volume: base.assessment_overview.volume,
      elasticity: score(overview.elasticityJawline * markers.jawlineSoftness + overview.elasticityUnderEye * markers.underEyeDarkness),
      texture: score(overview.texture * markers.texture),
      complexion: score(overview.complexion * markers.toneUnevenness),
    },
    photo: {
      face_count: reading.faceCount,
      apparent_age: round(reading.apparentAge, 1),
      markers,
      note: reading.faceCount > 1 ? `${reading.faceCount} faces were found; the largest was analysed.` : null,
    },
  };
}
