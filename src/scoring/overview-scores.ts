import type { Scoring } from '../engine/flow.gen.ts';
import { metricValue } from './metric-value.ts';
import type { QuizProfile } from './read-answers.ts';
import { round } from './round.ts';

/** The four overview scores out of 10, one decimal. */
export interface OverviewScores {
  volume: number;
  elasticity: number;
  texture: number;
  complexion: number;
}

/** Volume, elasticity, texture and complexion out of 10 (one decimal), each clamped by its config. */
export function overviewScores(
  profile: QuizProfile,
  ageDifference: number,
  scoring: Scoring,
): OverviewScores {
  const o = scoring.overview;
  const value = (metric: Scoring['overview']['volume']): number =>
    round(metricValue(metric, profile, ageDifference, scoring.age.baseAge), 1);
  return {
    volume: value(o.volume),
    elasticity: value(o.elasticity),
    texture: value(o.texture),
    complexion: value(o.complexion),
  };
}
