import type { Scoring } from '../engine/flow.gen.ts';
import { metricValue } from './metric-value.ts';
import type { QuizProfile } from './read-answers.ts';
import { round } from './round.ts';

/** The computed result's detailed metrics, integer percentages. */
export interface DetailedMetrics {
  collagenDensity: number;
  elastinIntegrity: number;
  hydrationLevels: number;
}

/** Collagen, elastin and hydration percentages, each clamped by its own `min..max` (spec: 20..95, 15..95, 25..95). */
export function detailedMetrics(
  profile: QuizProfile,
  ageDifference: number,
  scoring: Scoring,
): DetailedMetrics {
  const m = scoring.detailedMetrics;
  const value = (metric: Scoring['detailedMetrics']['collagenDensity']): number =>
    round(metricValue(metric, profile, ageDifference, scoring.age.baseAge), 0);
  return {
    collagenDensity: value(m.collagenDensity),
    elastinIntegrity: value(m.elastinIntegrity),
    hydrationLevels: value(m.hydrationLevels),
  };
}
