import type { Scoring } from '../engine/flow.gen.ts';
import { clamp } from './clamp.ts';
import { countedSymptoms } from './counted-symptoms.ts';
import { pointsOf } from './points-of.ts';
import type { QuizProfile } from './read-answers.ts';
import { round } from './round.ts';

/**
 * How strongly the answers point to hormone-driven skin ageing, in percent (an integer; also the
 * result's hormonal likelihood):
 *
 * `base + perGapYear × ageDifference + perSymptom × (distinct symptoms, 'none' excluded)
 *  + changeSpeed[speed] + hrt[answer] + Σ antiAgingExperience[text]`, rounded, clamped to `min..max`
 * (spec: 10..95). `ageDifference` is the final (photo-blended) gap, so a skin age above the real age
 * raises the confidence and one below lowers it. All coefficients are in `scoring.confidence`.
 */
export function confidenceScore(profile: QuizProfile, ageDifference: number, scoring: Scoring): number {
  const c = scoring.confidence;
  const raw =
    c.base +
    c.perGapYear * ageDifference +
    c.perSymptom * countedSymptoms(profile, scoring).length +
    pointsOf(c.changeSpeed, profile.changeSpeed) +
    pointsOf(c.hrt, profile.hrt) +
    profile.antiAgingExperience.reduce((sum, text) => sum + pointsOf(c.antiAgingExperience, text), 0);
  return clamp(round(raw, 0), c.min, c.max);
}
