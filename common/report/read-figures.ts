/**
 * Reads the report's figures through the SQL of migration 20261123000500_funnel_report.sql (the same
 * figures Supabase's SQL editor shows), from any database: PGlite locally, Postgres via DATABASE_URL.
 */
import type { Experiment, Flow } from '../../src/engine/flow.gen.ts';
import { judgeArms, type ExperimentVerdict } from './bayes.ts';
import { sampleRatio, type SampleRatio } from './sample-ratio.ts';
import { flowLayout, stepsOfJourney, successSteps, type TrackedScreen } from './flow-screens.ts';
import { revisionReport, type RevisionReport } from './revision-report.ts';
import type { Query, ReportOptions } from './query.ts';
import { readRevenue, type RevenueFigures } from './revenue.ts';
import { experimentRevenue, type RevenueVerdict } from './revenue-bayes.ts';

export type { Query, ReportOptions } from './query.ts';

/** Runs one SQL statement with positional parameters and returns its rows. */

export interface ScreenFigure extends TrackedScreen {
  reached: number;
  continued: number;
  /** Share of the sessions that reached the screen and viewed no other screen after it. */
  dropOff: number;
  medianSeconds: number | null;
}

export interface ArmFigures {
  arm: string;
  mainPath: ScreenFigure[];
  deepLinks: ScreenFigure[];
  sessions: number;
  leads: number;
  finalClicks: number;
  goals: number;
  /** Sessions that ended on a success exit (a screen whose `track.goal` is true). */
  successes: number;
  /** The arm's sessions exposed to the experiment and their goals: what the verdict judges. */
  exposed: { sessions: number; goals: number };
}

export interface ExperimentFigures {
  experiment: Experiment;
  goal: string;
  arms: ArmFigures[];
  verdict: ExperimentVerdict;
  /** The sample-ratio check of the exposed sessions against the declared weights. */
  sampleRatio: SampleRatio;
  /** Sessions seen in more than one arm. */
  multipleExposures: number;
  /** With `"goal": "revenue"`: the arms judged on revenue per visitor (revenue-bayes.ts); `verdict` is then unused. */
  revenueVerdict?: RevenueVerdict;
}

/** Conversion per value of one dimension: a traffic source, a campaign, a device class or a language. */
export interface SegmentFigures {
  dimension: 'utm_source' | 'utm_campaign' | 'device' | 'language';
  rows: { value: string; sessions: number; leads: number; finalClicks: number; successes: number }[];
}

export interface FunnelFigures {
  flowId: string;
  from: string | undefined;
  to: string | undefined;
  overall: ArmFigures;
  experiments: ExperimentFigures[];
  segments: SegmentFigures[];
  /** The split by flow revision, and the two newest revisions compared (revision-report.ts). */
  revisions: RevisionReport;
  /** Money: purchases, net revenue, revenue per visitor, per dimension (revenue.ts). */
  revenue?: RevenueFigures;
}


const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

function goalOf(experiment: Experiment, flow: Flow): { label: string; steps: string[] | null } {
  if (experiment.goal === 'lead') return { label: 'lead saved', steps: null };
  if (experiment.goal === 'final_cta') return { label: 'final call to action', steps: null };
  if (experiment.goal === 'revenue') return { label: 'revenue per visitor', steps: null };
  return {
    label: `journey step ${experiment.goal.journey}`,
    steps: stepsOfJourney(flow, experiment.goal.journey),
  };
}

async function armFigures(
  query: Query,
  flow: Flow,
  experiment: Experiment | undefined,
  goalSteps: string[] | null,
  options: ReportOptions,
): Promise<ArmFigures[]> {
  const layout = flowLayout(flow);
  const period = [options.from ?? null, options.to ?? null];
  const id = experiment?.id ?? null;
  const success = successSteps(flow);
  const screenRows = await query('select * from funnel_report.screen_figures($1, $2, $3, $4, $5)', [
    id,
    ...period,
    flow.id,
    success,
  ]);
  const conversionRows = await query('select * from funnel_report.arm_conversions($1, $2, $3, $4, $5, $6)', [
    id,
    goalSteps ?? [],
    ...period,
    flow.id,
    success,
  ]);
  // The verdict judges the sessions exposed to the experiment; the arm's header and table, every session in it.
  const exposedRows = experiment
    ? await query('select * from funnel_report.arm_conversions($1, $2, $3, $4, $5, $6, true)', [
        id,
        goalSteps ?? [],
        ...period,
        flow.id,
        success,
      ])
    : conversionRows;
  const arms = experiment ? experiment.variants.map((variant) => variant.id) : ['all'];
  return arms.map((arm) => {
    const rows = screenRows.filter((row) => text(row['arm']) === arm);
    const figure = (entry: TrackedScreen): ScreenFigure => {
      const row = rows.find((r) => text(r['step_name']) === entry.step);
      const reached = num(row?.['reached']);
      const continued = num(row?.['continued']);
      const median = row?.['median_seconds'];
      return {
        ...entry,
        reached,
        continued,
        dropOff: reached === 0 ? 0 : 1 - continued / reached,
        medianSeconds: median === null || median === undefined ? null : num(median),
      };
    };
    const conversion = conversionRows.find((row) => text(row['arm']) === arm);
    const leads = num(conversion?.['leads']);
    const finalClicks = num(conversion?.['final_clicks']);
    const goal = experiment?.goal;
    const exposed = exposedRows.find((row) => text(row['arm']) === arm);
    const goalOfRow = (row: Record<string, unknown> | undefined): number =>
      goal === 'lead'
        ? num(row?.['leads'])
        : goal === 'final_cta'
          ? num(row?.['final_clicks'])
          : num(row?.['goals']);
    return {
      arm,
      mainPath: layout.mainPath.map(figure),
      deepLinks: layout.deepLinks.map(figure),
      sessions: num(conversion?.['sessions']),
      leads,
      finalClicks,
      goals: goalOfRow(conversion),
      successes: num(conversion?.['successes']),
      exposed: { sessions: num(exposed?.['sessions']), goals: goalOfRow(exposed) },
    };
  });
}

/**
 * Every figure of the report for one flow. The live remainder (sessions not final yet) is computed once
 * for the whole report (funnel_report.hold_live(), migration 20261127005400) and released at the end;
 * `query` must then run on one database session, as every caller's does.
 */
export async function readFigures(
  query: Query,
  flow: Flow,
  options: ReportOptions = {},
): Promise<FunnelFigures> {
  await query('select funnel_report.hold_live()', []);
  try {
    return await readHeldFigures(query, flow, options);
  } finally {
    await query('select funnel_report.release_live()', []);
  }
}

async function readHeldFigures(query: Query, flow: Flow, options: ReportOptions): Promise<FunnelFigures> {
  const [overall] = await armFigures(query, flow, undefined, null, options);
  if (!overall) throw new Error('the report query returned no figures');
  const experiments: ExperimentFigures[] = [];
  for (const experiment of flow.experiments ?? []) {
    const goal = goalOf(experiment, flow);
    const arms = await armFigures(query, flow, experiment, goal.steps, options);
    const verdict = judgeArms(arms.map((arm) => ({ arm: arm.arm, ...arm.exposed })));
    const ratio = sampleRatio(
      arms.map((arm, index) => ({
        arm: arm.arm,
        observed: arm.exposed.sessions,
        weight: experiment.variants[index]?.weight ?? 0,
      })),
    );
    const [twice] = await query('select funnel_report.multiple_exposures($1, $2, $3, $4) as n', [
      experiment.id,
      options.from ?? null,
      options.to ?? null,
      flow.id,
    ]);
    // A mismatched sample makes every figure of the experiment suspect: no winner is named.
    const judged = ratio.flagged ? { ...verdict, winner: undefined } : verdict;
    experiments.push({
      experiment,
      goal: goal.label,
      arms,
      verdict: judged,
      sampleRatio: ratio,
      multipleExposures: num(twice?.['n']),
    });
  }
  const segments: SegmentFigures[] = [];
  for (const dimension of ['utm_source', 'utm_campaign', 'device', 'language'] as const) {
    const rows = await query('select * from funnel_report.conversions_by($1, $2, $3, $4, $5)', [
      dimension,
      options.from ?? null,
      options.to ?? null,
      flow.id,
      successSteps(flow),
    ]);
    segments.push({
      dimension,
      rows: rows.map((row) => ({
        value: text(row['value']),
        sessions: num(row['sessions']),
        leads: num(row['leads']),
        finalClicks: num(row['final_clicks']),
        successes: num(row['successes']),
      })),
    });
  }
  const revisions = await revisionReport(query, flow, options);
  const revenue = await readRevenue(query, flow.id, options, (dimension, value) => {
    if (dimension === 'total') return overall.sessions;
    if (dimension === 'revision') return revisions.revisions.find((r) => r.revision === value)?.sessions ?? 0;
    if (dimension === 'arm') {
      const [id, arm] = value.split(':');
      return experiments.find((e) => e.experiment.id === id)?.arms.find((a) => a.arm === arm)?.sessions ?? 0;
    }
    return segments.find((s) => s.dimension === dimension)?.rows.find((r) => r.value === value)?.sessions ?? 0;
  });
  for (const figures of experiments)
    if (figures.experiment.goal === 'revenue') figures.revenueVerdict = experimentRevenue(figures.experiment.id, figures.arms, revenue);
  return { flowId: flow.id, from: options.from, to: options.to, overall, experiments, segments, revisions, revenue };
}
