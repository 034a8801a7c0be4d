import type { Scoring } from '../engine/flow.gen.ts';
import { clinicalMetrics, type ClinicalMetrics } from './clinical-metrics.ts';
import { computeResult } from './compute-result.ts';
import { rankedSkinIssues } from './ranked-skin-issues.ts';
import { readAnswers } from './read-answers.ts';

/** An assessment in the shape of spec §3 assessmentData. */
export interface Assessment {
  id: string;
  email: string;
  chronological_age: number;
  /** Skin age in years, one decimal. */
  assessed_skin_age: number;
  /** Years the skin is ahead of the chronological age (assessed − chronological), one decimal. */
  aging_acceleration: number;
  /** Integer percentage: the quiz confidence score. */
  assessment_confidence: number;
  primary_concern: string;
  assessment_overview: {
    volume: { score: number };
    elasticity: { score: number };
    texture: { score: number };
    complexion: { score: number };
  };
  clinical_metrics: ClinicalMetrics;
  findings: { area: string; observation: string; lifestyle_factor: string; biological_factor: string }[];
  recommendations: string[];
}

/**
 * The local estimate used when photo analysis fails: the same numbers as the quiz-only computed
 * result (so blending it later as a "photo" result changes nothing), in the assessmentData shape.
 *
 * @param answers the stored answers (normally `Answers`; corrupt values are treated as absent)
 * @param scoring the flow file's `scoring` section
 * @param id the assessment id to store
 */
export function fallbackAssessment(answers: unknown, scoring: Scoring, id: string): Assessment {
  const result = computeResult(answers, undefined, scoring);
  const profile = readAnswers(answers, scoring, scoring.age.whenMissing);
  const issues = rankedSkinIssues(profile, scoring);
  const findings = issues
    .flatMap((issue) => (issue.assessmentFinding === undefined ? [] : [issue.assessmentFinding]))
    .slice(0, scoring.fallback.maxFindings);
  const recommendations = [
    ...issues.flatMap((issue) => (issue.recommendation === undefined ? [] : [issue.recommendation])),
    ...scoring.fallback.generalRecommendations,
  ];
  return {
    id,
    email: profile.email,
    chronological_age: result.chronologicalAge,
    assessed_skin_age: result.skinAge,
    aging_acceleration: result.ageDifference,
    assessment_confidence: result.confidenceScore,
    primary_concern: result.primaryConcern,
    assessment_overview: {
      volume: { score: result.overview.volume },
      elasticity: { score: result.overview.elasticity },
      texture: { score: result.overview.texture },
      complexion: { score: result.overview.complexion },
    },
    clinical_metrics: clinicalMetrics(profile, result.ageDifference, scoring),
    findings: (findings.length > 0 ? findings : [scoring.fallback.defaultFinding]).map((f) => ({
      area: f.area,
      observation: f.observation,
      lifestyle_factor: f.lifestyleFactor,
      biological_factor: f.biologicalFactor,
    })),
    recommendations: [...new Set(recommendations)].slice(0, scoring.fallback.maxRecommendations),
  };
}
