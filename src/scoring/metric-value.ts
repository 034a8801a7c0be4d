import type { ScoringMetric } from '../engine/flow.gen.ts';
import { clamp } from './clamp.ts';
import type { QuizProfile } from './read-answers.ts';
import { pointsOf } from './points-of.ts';

/**
 * One metric, unrounded: `start − perYearAboveBase × years above baseAge − perGapYear × ageDifference
 * − issue points of each chosen skin issue`, clamped to `min..max`.
 */
export function metricValue(
  metric: ScoringMetric,
  profile: QuizProfile,
  ageDifference: number,
  baseAge: number,
): number {
  const raw =
    metric.start -
    metric.perYearAboveBase * Math.max(0, profile.age - baseAge) -
    metric.perGapYear * ageDifference -
    profile.skinIssues.reduce((sum, issue) => sum + pointsOf(metric.issues, issue), 0);
  return clamp(raw, metric.min, metric.max);
}
