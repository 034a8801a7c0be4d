import type { Scoring, ScoringClinicalMetric } from '../engine/flow.gen.ts';
import { metricValue } from './metric-value.ts';
import type { QuizProfile } from './read-answers.ts';
import { round } from './round.ts';

/** One clinical metric of an assessment (spec §3 assessmentData.clinical_metrics). */
export interface ClinicalMetric {
  /** Integer percentage. */
  score: number;
  category: string;
  description: string;
}

/** The assessment's clinical metrics, keyed as in spec §3. */
export interface ClinicalMetrics {
  volume_integrity: ClinicalMetric;
  dermal_density: ClinicalMetric;
}

function clinicalMetric(
  config: ScoringClinicalMetric,
  profile: QuizProfile,
  ageDifference: number,
  baseAge: number,
): ClinicalMetric {
  const score = round(metricValue(config.metric, profile, ageDifference, baseAge), 0);
  const band = config.bands.find((b) => score >= b.min) ?? config.otherwise;
  return { score, category: band.category, description: band.description };
}

/** volume_integrity and dermal_density: a score with the category and description of its band. */
export function clinicalMetrics(
  profile: QuizProfile,
  ageDifference: number,
  scoring: Scoring,
): ClinicalMetrics {
  const { volumeIntegrity, dermalDensity } = scoring.clinicalMetrics;
  return {
    volume_integrity: clinicalMetric(volumeIntegrity, profile, ageDifference, scoring.age.baseAge),
    dermal_density: clinicalMetric(dermalDensity, profile, ageDifference, scoring.age.baseAge),
  };
}
