/**
 * The report as plain text for the terminal: per-screen figures (main path, then the deep-link chains),
 * conversions, and each experiment's arms with their credible intervals and probability of being best.
 */
import { REVENUE_METHOD, revenueVerdictLines, type RevenueVerdict } from './revenue-bayes.ts';
import { revenueLines } from './revenue.ts';
import { MIN_GOALS_PER_ARM, WIN_PROBABILITY } from './bayes.ts';
import { SRM_P_VALUE } from './sample-ratio.ts';
import { revisionLines } from './revision-text.ts';
import type {
  ArmFigures,
  ExperimentFigures,
  FunnelFigures,
  ScreenFigure,
  SegmentFigures,
} from './read-figures.ts';

export const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;
const seconds = (value: number | null): string => (value === null ? '–' : `${value.toFixed(1)} s`);
const pad = (value: string | number, width: number) => String(value).padStart(width);

function screenTable(title: string, figures: readonly ScreenFigure[]): string[] {
  const shown = figures.filter((figure) => figure.reached > 0);
  if (shown.length === 0) return [`${title}: no visits`];
  const width = Math.max(title.length, ...shown.map((figure) => figure.screen.length));
  const head = `${title.padEnd(width)}  ${pad('reached', 8)}  ${pad('continued', 9)}  ${pad('drop-off', 8)}  ${pad('median time', 11)}`;
  return [
    head,
    '─'.repeat(head.length),
    ...shown.map(
      (f) =>
        `${f.screen.padEnd(width)}  ${pad(f.reached, 8)}  ${pad(f.continued, 9)}  ${pad(percent(f.dropOff), 8)}  ${pad(seconds(f.medianSeconds), 11)}`,
    ),
  ];
}

function conversions(arm: ArmFigures): string {
  const share = (n: number) => (arm.sessions === 0 ? '–' : percent(n / arm.sessions));
  const success = arm.successes > 0 ? ` · success exit ${arm.successes} (${share(arm.successes)})` : '';
  return `${arm.sessions} sessions · lead ${arm.leads} (${share(arm.leads)}) · final call to action ${arm.finalClicks} (${share(arm.finalClicks)})${success}`;
}

function armSection(arm: ArmFigures, label: string): string[] {
  return [
    label,
    conversions(arm),
    '',
    ...screenTable('Main path', arm.mainPath),
    '',
    ...screenTable('Deep-link chains', arm.deepLinks),
  ];
}

/** The sample-ratio and multiple-exposure checks, one line each. */
export function sampleRatioLines(figures: ExperimentFigures): string[] {
  const { sampleRatio: ratio, multipleExposures } = figures;
  const counts = ratio.arms
    .map((arm) => `${arm.arm} ${arm.observed} (expected ${arm.expected.toFixed(0)})`)
    .join(', ');
  return [
    `${ratio.flagged ? '⚠ SAMPLE-RATIO MISMATCH' : 'sample ratio ok'}: ${counts}; χ² = ${ratio.chiSquared.toFixed(2)}, p = ${ratio.pValue < 0.0001 ? ratio.pValue.toExponential(1) : ratio.pValue.toFixed(4)}${ratio.flagged ? ` < ${SRM_P_VALUE}: check the assignment and the tracking of each arm` : ''}`,
    multipleExposures > 0
      ? `⚠ ${multipleExposures} session(s) seen in more than one arm`
      : 'no session seen in more than one arm',
  ];
}

function experimentSection(figures: ExperimentFigures): string[] {
  const { experiment, verdict } = figures;
  const head = `${'arm'.padEnd(16)}  ${pad('exposed', 7)}  ${pad('goals', 5)}  ${pad('rate', 7)}  ${pad('95 % credible interval', 22)}  ${pad('P(best)', 7)}  ${pad('risk', 7)}`;
  const lines = [
    `Experiment "${experiment.id}" (goal: ${figures.goal}; ${experiment.start} to ${experiment.stop})`,
    head,
    '─'.repeat(head.length),
    ...verdict.arms.map(
      (arm) =>
        `${arm.arm.padEnd(16)}  ${pad(arm.sessions, 7)}  ${pad(arm.goals, 5)}  ${pad(percent(arm.rate), 7)}  ${pad(`${percent(arm.low)} – ${percent(arm.high)}`, 22)}  ${pad(percent(arm.probabilityBest), 7)}  ${pad(percent(arm.risk), 7)}`,
    ),
    ...sampleRatioLines(figures),
  ];
  if (figures.revenueVerdict) return revenueExperimentSection(figures, figures.revenueVerdict);
  if (figures.sampleRatio.flagged)
    lines.push('→ no winner: the sample-ratio mismatch makes every figure of this experiment suspect');
  else if (verdict.notEnoughData !== undefined) lines.push(`→ ${verdict.notEnoughData}`);
  else if (verdict.winner !== undefined) {
    const best = verdict.arms.find((arm) => arm.arm === verdict.winner);
    lines.push(
      `→ winner: ${verdict.winner} (${percent(best?.probabilityBest ?? 0)} probability of being best)`,
    );
  } else lines.push(`→ no arm has reached ${percent(WIN_PROBABILITY)} probability of being best yet`);
  lines.push(
    `  (Beta(1 + goals, 1 + misses) posteriors; a winner needs ≥ ${MIN_GOALS_PER_ARM} goal events per arm, ≥ ${percent(WIN_PROBABILITY)} and no sample-ratio mismatch (χ² p < ${SRM_P_VALUE}); risk: expected loss of choosing the arm; ?variant= overrides are left out)`,
  );
  for (const arm of figures.arms)
    lines.push('', ...armSection(arm, `Variant "${arm.arm}" of "${experiment.id}"`));
  return lines;
}

/** An experiment judged on revenue per visitor: the arms in money, the sample-ratio check as for any. */
function revenueExperimentSection(figures: ExperimentFigures, verdict: RevenueVerdict): string[] {
  const { experiment } = figures;
  const lines = [
    `Experiment "${experiment.id}" (goal: ${figures.goal}; ${experiment.start} to ${experiment.stop})`,
    ...revenueVerdictLines(verdict),
    ...sampleRatioLines(figures),
  ];
  const best = verdict.arms.find((arm) => arm.arm === verdict.winner);
  if (figures.sampleRatio.flagged) lines.push('→ no winner: the sample-ratio mismatch makes every figure of this experiment suspect');
  else if (verdict.notEnoughData !== undefined) lines.push(`→ ${verdict.notEnoughData}`);
  else if (best) lines.push(`→ winner on revenue per visitor: ${best.arm} (${percent(best.probabilityBest)} probability of being best)`);
  else lines.push(`→ no arm has reached ${percent(WIN_PROBABILITY)} probability of being best yet`);
  lines.push(`  (${REVENUE_METHOD}; a winner needs ≥ ${MIN_GOALS_PER_ARM} purchases per arm and ≥ ${percent(WIN_PROBABILITY)}; risk: expected revenue per visitor given up by choosing the arm)`);
  for (const arm of figures.arms) lines.push('', ...armSection(arm, `Variant "${arm.arm}" of "${experiment.id}"`));
  return lines;
}

const DIMENSION_TITLE = {
  utm_source: 'By utm_source',
  utm_campaign: 'By utm_campaign',
  device: 'By device',
  language: 'By language',
};

/** Conversion per source, campaign, device or language: sessions, leads and final clicks with their rates. */
export function segmentTable(segment: SegmentFigures): string[] {
  const title = DIMENSION_TITLE[segment.dimension];
  if (segment.rows.length === 0) return [`${title}: no visits`];
  const width = Math.max(title.length, ...segment.rows.map((row) => row.value.length));
  const rate = (n: number, of: number) => (of === 0 ? '–' : percent(n / of));
  const head = `${title.padEnd(width)}  ${pad('sessions', 8)}  ${pad('leads', 6)}  ${pad('lead rate', 9)}  ${pad('final CTA', 9)}  ${pad('CTA rate', 8)}  ${pad('success', 7)}`;
  return [
    head,
    '─'.repeat(head.length),
    ...segment.rows.map(
      (r) =>
        `${r.value.padEnd(width)}  ${pad(r.sessions, 8)}  ${pad(r.leads, 6)}  ${pad(rate(r.leads, r.sessions), 9)}  ${pad(r.finalClicks, 9)}  ${pad(rate(r.finalClicks, r.sessions), 8)}  ${pad(r.successes, 7)}`,
    ),
  ];
}

/** The whole report as lines of text. */
export function terminalReport(figures: FunnelFigures): string[] {
  const period =
    figures.from || figures.to ? ` from ${figures.from ?? 'the start'} to ${figures.to ?? 'now'}` : '';
  return [
    `Funnel report: ${figures.flowId}${period}`,
    '',
    ...armSection(figures.overall, 'All sessions'),
    ...figures.segments.flatMap((segment) => ['', ...segmentTable(segment)]),
    '',
    ...revisionLines(figures.revisions),
    ...(figures.revenue ? ['', ...revenueLines(figures.revenue)] : []),
    ...figures.experiments.flatMap((experiment) => ['', ...experimentSection(experiment)]),
  ];
}
