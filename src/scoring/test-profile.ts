import type { QuizProfile } from './read-answers.ts';

/**
 * For tests: a 35-year-old with no answers (no points at all), with `changes` applied, so a table row
 * can isolate one rule.
 */
export function testProfile(changes: Partial<QuizProfile> = {}): QuizProfile {
  return {
    age: 35,
    skinIssues: [],
    changeSpeed: null,
    symptoms: [],
    skinTreatments: [],
    hrt: null,
    antiAgingExperience: [],
    email: '',
    ...changes,
  };
}
