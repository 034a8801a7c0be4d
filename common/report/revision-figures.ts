/**
 * The report split by flow revision (issue 44 point 5): per revision (the content hash the build stamps
 * on every record, common/flow-revision.ts), its sessions, leads and each main-path screen's reach and
 * drop-off, read from the per-day aggregates (migration 20261129002010_report_revision.sql), so the split
 * costs no more than the rest of the report. `figuresByRevision` is also what the studio's history reads.
 */
import type { Flow } from '../../src/engine/flow.gen.ts';
import { flowLayout, successSteps, type TrackedScreen } from './flow-screens.ts';
import type { Query, ReportOptions } from './query.ts';

/** One screen of the main path under one revision. */
export interface RevisionScreen extends TrackedScreen {
  reached: number;
  continued: number;
  /** Share of the sessions that reached the screen and viewed no other screen after it. */
  dropOff: number;
}

/** A revision's figures. `revision` is 12 hex digits, or `unknown` (rows from before revisions). */
export interface RevisionFigures {
  revision: string;
  /** The first and last UTC day (YYYY-MM-DD) a session of it started in the period. */
  firstDay: string;
  lastDay: string;
  sessions: number;
  leads: number;
  /** leads / sessions (0 without sessions). */
  leadRate: number;
  finalClicks: number;
  successes: number;
  mainPath: RevisionScreen[];
}

/** A revision's sessions per traffic source (utm_source) and per language: the mix of its period. */
export interface RevisionMix {
  revision: string;
  utmSource: Record<string, number>;
  language: Record<string, number>;
}

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));
const day = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : text(value).slice(0, 10);

/** A day (YYYY-MM-DD) or nothing: the only periods the split by revision reads (its aggregates' grain). */
export function wholeDays(options: ReportOptions): boolean {
  return [options.from, options.to].every((value) => value === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value));
}

/**
 * Every revision with sessions in the period, in the order they first had visits (then by name), with
 * each main-path screen's reach and drop-off. The period must be whole UTC days (see wholeDays).
 */
export async function figuresByRevision(
  query: Query,
  flow: Flow,
  options: ReportOptions = {},
): Promise<RevisionFigures[]> {
  const period = [options.from ?? null, options.to ?? null, flow.id, successSteps(flow)];
  const conversions = await query('select * from funnel_report.revision_conversions($1, $2, $3, $4)', period);
  const screens = await query('select * from funnel_report.revision_screens($1, $2, $3, $4)', period);
  const { mainPath } = flowLayout(flow);
  return conversions.map((row) => {
    const revision = text(row['revision']);
    const sessions = num(row['sessions']);
    const leads = num(row['leads']);
    const mine = screens.filter((screen) => text(screen['revision']) === revision);
    return {
      revision,
      firstDay: day(row['first_day']),
      lastDay: day(row['last_day']),
      sessions,
      leads,
      leadRate: sessions === 0 ? 0 : leads / sessions,
      finalClicks: num(row['final_clicks']),
      successes: num(row['successes']),
      mainPath: mainPath.map((entry) => {
        const found = mine.find((screen) => text(screen['step_name']) === entry.step);
        const reached = num(found?.['reached']);
        const continued = num(found?.['continued']);
        return { ...entry, reached, continued, dropOff: reached === 0 ? 0 : 1 - continued / reached };
      }),
    };
  });
}

/** Each revision's traffic-source and language mix in the period (whole UTC days). */
export async function mixByRevision(query: Query, flow: Flow, options: ReportOptions = {}): Promise<RevisionMix[]> {
  const rows = await query('select * from funnel_report.revision_mix($1, $2, $3)', [
    options.from ?? null,
    options.to ?? null,
    flow.id,
  ]);
  const mixes = new Map<string, RevisionMix>();
  for (const row of rows) {
    const revision = text(row['revision']);
    const mix = mixes.get(revision) ?? { revision, utmSource: {}, language: {} };
    const target = text(row['dimension']) === 'language' ? mix.language : mix.utmSource;
    target[text(row['value'])] = num(row['sessions']);
    mixes.set(revision, mix);
  }
  return [...mixes.values()];
}
