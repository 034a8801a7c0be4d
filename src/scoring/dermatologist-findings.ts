import type { Scoring, ScoringDermatologistFinding } from '../engine/flow.gen.ts';
import type { DetailedMetrics } from './detailed-metrics.ts';
import type { OverviewScores } from './overview-scores.ts';
import type { QuizProfile } from './read-answers.ts';
import { rankedSkinIssues } from './ranked-skin-issues.ts';

/** A finding card of the computed result. */
export interface DermatologistFinding {
  /** A short kind, e.g. 'structural'. */
  type: string;
  title: string;
  /** The quoted value with its label, e.g. 'Collagen density: 40%' or 'Volume score: 5.3/10'. */
  metric: string;
  insight: string;
}

function quote(
  finding: ScoringDermatologistFinding,
  metrics: DetailedMetrics,
  overview: OverviewScores,
): string {
  switch (finding.metric) {
    case 'collagenDensity':
    case 'elastinIntegrity':
    case 'hydrationLevels':
      return `${finding.metricLabel}: ${metrics[finding.metric]}%`;
    case 'volume':
    case 'elasticity':
    case 'texture':
    case 'complexion':
      return `${finding.metricLabel}: ${overview[finding.metric]}/10`;
  }
}

/**
 * The findings of the top chosen skin issues (by points, at most `findings.max`), each quoting its
 * metric; `findings.default` when none of the chosen issues has a finding.
 */
export function dermatologistFindings(
  profile: QuizProfile,
  metrics: DetailedMetrics,
  overview: OverviewScores,
  scoring: Scoring,
): DermatologistFinding[] {
  const configured = rankedSkinIssues(profile, scoring)
    .flatMap((issue) => (issue.finding === undefined ? [] : [issue.finding]))
    .slice(0, scoring.findings.max);
  const chosen = configured.length > 0 ? configured : [scoring.findings.default];
  return chosen.map((finding) => ({
    type: finding.type,
    title: finding.title,
    metric: quote(finding, metrics, overview),
    insight: finding.insight,
  }));
}
