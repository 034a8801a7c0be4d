/**
 * The funnel report's headline figures for an agent: counts and shares only. The figures come from the
 * report's own SQL (common/report/read-figures.ts), and every field returned is picked here by name, so
 * no email, name or other personal value can reach the agent even if the report grows such a field.
 */
import type { RevenueFigures } from '../../common/report/revenue.ts';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { openReportDatabase } from '../../common/report/open-report-database.ts';
import { readFigures, type ArmFigures } from '../../common/report/read-figures.ts';
import { studioRevisions, type StudioRevisions } from '../studio-report.ts';

export interface ReportSummary {
  flowId: string;
  source: string;
  from: string | null;
  to: string | null;
  sessions: number;
  leads: number;
  finalClicks: number;
  /** Per tracked screen of the main path: sessions that reached it, went on, and the share that left there. */
  screens: { screen: string; reached: number; continued: number; dropOff: number }[];
  experiments: { id: string; arms: { arm: string; sessions: number; leads: number; finalClicks: number; goals: number }[] }[];
  /** Per language the visits were shown in (issue 32; '(none)': older pages that sent none). */
  languages: { language: string; sessions: number; leads: number; finalClicks: number }[];
  /**
   * Per flow revision (issue 44): sessions and lead rate, and the two newest side by side with the
   * credible interval of each change, the flow:diff lines between them and the traffic warning.
   */
  revisions: StudioRevisions;
  /** Money (minor units, per currency): totals, per dimension, and what is known (common/report/revenue.ts). */
  revenue: RevenueFigures | null;
}

export interface ReportChoice {
  databaseUrl: string | undefined;
  dataDir: string;
  demo: boolean;
  from?: string | undefined;
  to?: string | undefined;
  /** The flow file on disk, whose git history names each revision's changes. */
  flowPath?: string | undefined;
}

const counts = (arm: ArmFigures) => ({
  arm: arm.arm,
  sessions: arm.sessions,
  leads: arm.leads,
  finalClicks: arm.finalClicks,
  goals: arm.goals,
});

export async function reportSummary(flow: Flow, choice: ReportChoice): Promise<ReportSummary> {
  const database = await openReportDatabase({ demo: choice.demo, databaseUrl: choice.databaseUrl, dataDir: choice.dataDir, flow });
  try {
    const figures = await readFigures(database.query, flow, { from: choice.from, to: choice.to, flowPath: choice.flowPath });
    return {
      flowId: figures.flowId,
      source: database.source,
      from: choice.from ?? null,
      to: choice.to ?? null,
      sessions: figures.overall.sessions,
      leads: figures.overall.leads,
      finalClicks: figures.overall.finalClicks,
      screens: figures.overall.mainPath.map((s) => ({
        screen: s.screen,
        reached: s.reached,
        continued: s.continued,
        dropOff: s.dropOff,
      })),
      experiments: figures.experiments.map((e) => ({ id: e.experiment.id, arms: e.arms.map(counts) })),
      languages: (figures.segments.find((segment) => segment.dimension === 'language')?.rows ?? []).map((row) => ({
        language: row.value,
        sessions: row.sessions,
        leads: row.leads,
        finalClicks: row.finalClicks,
      })),
      revisions: studioRevisions(figures.revisions),
      revenue: figures.revenue ?? null,
    };
  } finally {
    await database.close();
  }
}
