/**
 * The report's reach and drop-off per screen of the open flow, for the studio's map overlay. The
 * figures come from the report's own SQL (common/report/read-figures.ts) on a snapshot of the local
 * database (`npm start` keeps the live folder open), and every field returned is picked here by name:
 * counts only, never an email or a name. The visitors' field speed per screen (p75 and rating shares of
 * LCP, INP and CLS, split by device and connection) comes along for the nodes and the inspector. With
 * no database, no visits or a flow with errors, it says why in words instead.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { openReportDatabase } from '../common/report/open-report-database.ts';
import { readFigures } from '../common/report/read-figures.ts';
import type { ShareDifference } from '../common/report/revision-compare.ts';
import type { RevisionReport } from '../common/report/revision-report.ts';
import { checkFlow } from '../src/engine/flow-edit/check-flow.ts';
import { readFieldSpeed } from '../common/field-speed/field-speed-figures.ts';
import {
  fieldScreens,
  metricWords,
  thresholdWords,
  type FieldLine,
  type FieldScreen,
} from '../common/field-speed/field-speed-screens.ts';
import type { FieldMetric } from '../common/field-speed/field-speed-buckets.ts';
import { formatP75 } from '../common/field-speed/field-speed-text.ts';

/** One screen's figures: sessions that reached it, went on from it, and the share that left there. */
export interface ScreenReach {
  reached: number;
  continued: number;
  dropOff: number;
}

/** A share's change from the older revision to the newer: the difference, its 95 % credible interval, P(newer better). */
export type StudioDifference = ShareDifference;

/** The split by revision (issue 44 point 5): each revision's counts, and the two newest compared. */
export interface StudioRevisions {
  revisions: { revision: string; firstDay: string; sessions: number; leads: number; leadRate: number; version: string | null }[];
  comparison: {
    older: string;
    newer: string;
    leadRate: StudioDifference;
    /** Per screen id: its reach and drop-off under each revision, and their changes. */
    screens: Record<string, { older: { reached: number; dropOff: number }; newer: { reached: number; dropOff: number }; reach: StudioDifference; dropOff: StudioDifference }>;
    /** The flow:diff lines from the older revision to the newer, or why they are not known. */
    changes: string[] | null;
    changesMissing: string | null;
    mixWarning: string | null;
  } | null;
  note: string | null;
}

export type StudioReport =
  | { available: false; reason: string }
  | {
      available: true;
      source: string;
      flowId: string;
      sessions: number;
      leads: number;
      screens: Record<string, ScreenReach>;
      revisions: StudioRevisions;
      /** Money per currency, minor units (common/report/revenue.ts). */
      revenue: { currency: string; purchases: number; net: number; perVisitor: number }[];
      /** Visitors' field speed per screen id (common/field-speed), screens with readings only. */
      fieldSpeed: Record<string, StudioFieldScreen>;
    };

/** One line of field speed: readings, p75 (ms; CLS unitless), the p75's rating, the shares rated each way. */
export interface StudioFieldLine {
  readings: number;
  p75: number | null;
  /** The p75 as people read it ("659 ms", "2.2 s", "0.06"; "–" without readings). */
  p75Text: string;
  rating: 'good' | 'needs-improvement' | 'poor' | null;
  shares: { good: number; 'needs-improvement': number; poor: number };
}

/** One metric of a screen: all visits, then split by device and by connection. */
export interface StudioFieldMetric extends StudioFieldLine {
  /** What the metric measures and its thresholds, in words. */
  about: string;
  devices: (StudioFieldLine & { device: string })[];
  connections: (StudioFieldLine & { connection: string })[];
}

export type StudioFieldScreen = Partial<Record<'LCP' | 'INP' | 'CLS', StudioFieldMetric>>;

const fieldLine = (metric: FieldMetric, line: FieldLine): StudioFieldLine => ({
  readings: line.readings,
  p75: line.p75,
  p75Text: formatP75({ metric, p75: line.p75 }),
  rating: line.rating,
  shares: { good: line.shares.good, 'needs-improvement': line.shares['needs-improvement'], poor: line.shares.poor },
});

/** The field speed per screen, every field picked by name (counts, shares and device/connection classes only). */
export function studioFieldSpeed(screens: readonly FieldScreen[]): Record<string, StudioFieldScreen> {
  return Object.fromEntries(
    screens.map((screen) => [
      screen.screen,
      Object.fromEntries(
        screen.metrics.map((m) => [
          m.metric,
          {
            ...fieldLine(m.metric, m.all),
            about: `${metricWords[m.metric]} (${thresholdWords(m.metric)})`,
            devices: m.devices.map((line) => ({ device: line.device, ...fieldLine(m.metric, line) })),
            connections: m.connections.map((line) => ({ connection: line.connection, ...fieldLine(m.metric, line) })),
          },
        ]),
      ),
    ]),
  );
}

const difference = (d: StudioDifference): StudioDifference => ({
  older: d.older,
  newer: d.newer,
  difference: d.difference,
  low: d.low,
  high: d.high,
  probabilityBetter: d.probabilityBetter,
});

/** The split by revision, every field picked by name (counts, shares, hashes and the diff's words only). */
export function studioRevisions(report: RevisionReport): StudioRevisions {
  const c = report.comparison;
  return {
    revisions: report.revisions.map((r) => ({
      revision: r.revision,
      firstDay: r.firstDay,
      sessions: r.sessions,
      leads: r.leads,
      leadRate: r.leadRate,
      version: r.commit?.name ?? null,
    })),
    comparison: c && {
      older: c.older.revision,
      newer: c.newer.revision,
      leadRate: difference(c.leadRate),
      screens: Object.fromEntries(
        c.screens.map((s) => [
          s.screen,
          {
            older: { reached: s.older.reached, dropOff: s.older.dropOff },
            newer: { reached: s.newer.reached, dropOff: s.newer.dropOff },
            reach: difference(s.reach),
            dropOff: difference(s.dropOff),
          },
        ]),
      ),
      changes: 'lines' in c.changes ? [...c.changes.lines] : null,
      changesMissing: 'missing' in c.changes ? c.changes.missing : null,
      mixWarning: c.mixWarning,
    },
    note: report.note,
  };
}

/** The figures of the flow `text` (named `file`) in the local database at `dataDir`. */
export async function studioReport(text: string, file: string, dataDir: string, project: string): Promise<StudioReport> {
  const { flow } = checkFlow(text, { file });
  if (!flow) return { available: false, reason: `${file} has errors: the report needs a flow that passes the checker to name its screens` };
  const shown = relative(project, dataDir).startsWith('..') ? dataDir : relative(project, dataDir);
  if (!existsSync(dataDir))
    return { available: false, reason: `No local database (${shown}): run \`npm start\` and walk the funnel, and its visits show here.` };
  const database = await openReportDatabase({ demo: false, databaseUrl: undefined, dataDir, flow });
  try {
    const figures = await readFigures(database.query, flow, { flowPath: resolve(project, file) });
    const { overall } = figures;
    if (overall.sessions === 0 && [...overall.mainPath, ...overall.deepLinks].every((s) => s.reached === 0))
      return { available: false, reason: `No visits of "${flow.id}" in the local database (${shown}) yet.` };
    const fieldSpeed = fieldScreens(await readFieldSpeed(database.query, flow.id), Object.keys(flow.screens));
    const screens: Record<string, ScreenReach> = {};
    for (const s of [...overall.mainPath, ...overall.deepLinks])
      screens[s.screen] = { reached: s.reached, continued: s.continued, dropOff: s.dropOff };
    return {
      available: true,
      source: database.source.replace(dataDir, shown),
      flowId: flow.id,
      sessions: overall.sessions,
      leads: overall.leads,
      screens,
      revisions: studioRevisions(figures.revisions),
      revenue: (figures.revenue?.total ?? []).map(({ currency, purchases, net, perVisitor }) => ({ currency, purchases, net, perVisitor })),
      fieldSpeed: studioFieldSpeed(fieldSpeed),
    };
  } finally {
    await database.close();
  }
}
