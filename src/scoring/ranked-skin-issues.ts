import type { Scoring, ScoringSkinIssue } from '../engine/flow.gen.ts';
import type { QuizProfile } from './read-answers.ts';

/**
 * The chosen skin issues the scoring knows, most points first; ties keep the order of
 * `skinIssues.options`, so the ranking does not depend on the order the visitor tapped them.
 */
export function rankedSkinIssues(profile: QuizProfile, scoring: Scoring): ScoringSkinIssue[] {
  const ranked: ScoringSkinIssue[] = [];
  for (const [value, option] of Object.entries(scoring.skinIssues.options)) {
    if (option !== undefined && profile.skinIssues.includes(value)) ranked.push(option);
  }
  // Array.prototype.sort is stable, so equal points keep the config order.
  return ranked.sort((a, b) => b.points - a.points);
}
