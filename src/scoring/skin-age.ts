import type { Scoring } from '../engine/flow.gen.ts';
import { countedSymptoms } from './counted-symptoms.ts';
import { pointsOf } from './points-of.ts';
import type { QuizProfile } from './read-answers.ts';

function agePoints(age: number, scoring: Scoring): number {
  const { baseAge, perYearAboveBase, tiers } = scoring.age;
  // Tiers are not cumulative: only the highest tier the age reaches applies.
  let tier: { from: number; add: number } | null = null;
  for (const t of tiers) if (age >= t.from && (tier === null || t.from > tier.from)) tier = t;
  return Math.max(0, age - baseAge) * perYearAboveBase + (tier?.add ?? 0);
}

function skinIssuePoints(profile: QuizProfile, scoring: Scoring): number {
  const { options, mainConcernsBonus } = scoring.skinIssues;
  let points = 0;
  let main = 0;
  for (const value of profile.skinIssues) {
    const option = Object.hasOwn(options, value) ? options[value] : undefined;
    if (option === undefined) continue;
    points += option.points;
    if (option.main) main += 1;
  }
  return points + (main >= mainConcernsBonus.minimum ? mainConcernsBonus.points : 0);
}

function symptomPoints(profile: QuizProfile, scoring: Scoring): number {
  const { points, otherEach } = scoring.symptoms;
  return countedSymptoms(profile, scoring).reduce(
    (sum, symptom) => sum + (Object.hasOwn(points, symptom) ? pointsOf(points, symptom) : otherEach),
    0,
  );
}

/**
 * The quiz skin age (unrounded): age + age points + skin-issue points (+ the main-concerns bonus) +
 * change-speed points + symptom points + treatment points + HRT points, never below
 * age − `age.floorBelowAge`. Every weight comes from `scoring`.
 */
export function skinAge(profile: QuizProfile, scoring: Scoring): number {
  const points =
    agePoints(profile.age, scoring) +
    skinIssuePoints(profile, scoring) +
    pointsOf(scoring.changeSpeed, profile.changeSpeed) +
    symptomPoints(profile, scoring) +
    profile.skinTreatments.reduce((sum, treatment) => sum + pointsOf(scoring.skinTreatments, treatment), 0) +
    pointsOf(scoring.hrt, profile.hrt);
  return Math.max(profile.age - scoring.age.floorBelowAge, profile.age + points);
}
