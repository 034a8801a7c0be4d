import type { Scoring } from '../engine/flow.gen.ts';
import type { QuizProfile } from './read-answers.ts';

/** The chosen symptoms that count: every distinct symptom except the ignored values such as 'none'. */
export function countedSymptoms(profile: QuizProfile, scoring: Scoring): string[] {
  return profile.symptoms.filter((symptom) => !scoring.symptoms.ignored.includes(symptom));
}
