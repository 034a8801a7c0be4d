/**
 * The report's reach and drop-off per screen of the open flow, for the studio's map overlay. The
 * figures come from the report's own SQL (common/report/read-figures.ts) on a snapshot of the local
 * database (`npm start` keeps the live folder open), and every field returned is picked here by name:
 * counts only, never an email or a name. With no database, no visits or a flow with errors, it says
 * why in words instead.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { openReportDatabase } from '../common/report/open-report-database.ts';
import { readFigures } from '../common/report/read-figures.ts';
import { checkFlow } from '../src/engine/flow-edit/check-flow.ts';

/** One screen's figures: sessions that reached it, went on from it, and the share that left there. */
export interface ScreenReach {
  reached: number;
  continued: number;
  dropOff: number;
}

export type StudioReport =
  | { available: false; reason: string }
  | { available: true; source: string; flowId: string; sessions: number; leads: number; screens: Record<string, ScreenReach> };

/** The figures of the flow `text` (named `file`) in the local database at `dataDir`. */
export async function studioReport(text: string, file: string, dataDir: string, project: string): Promise<StudioReport> {
  const { flow } = checkFlow(text, { file });
  if (!flow) return { available: false, reason: `${file} has errors: the report needs a flow that passes the checker to name its screens` };
  const shown = relative(project, dataDir).startsWith('..') ? dataDir : relative(project, dataDir);
  if (!existsSync(dataDir))
    return { available: false, reason: `No local database (${shown}): run \`npm start\` and walk the funnel, and its visits show here.` };
  const database = await openReportDatabase({ demo: false, databaseUrl: undefined, dataDir, flow });
  try {
    const figures = await readFigures(database.query, flow);
    const { overall } = figures;
    if (overall.sessions === 0 && [...overall.mainPath, ...overall.deepLinks].every((s) => s.reached === 0))
      return { available: false, reason: `No visits of "${flow.id}" in the local database (${shown}) yet.` };
    const screens: Record<string, ScreenReach> = {};
    for (const s of [...overall.mainPath, ...overall.deepLinks])
      screens[s.screen] = { reached: s.reached, continued: s.continued, dropOff: s.dropOff };
    return { available: true, source: database.source.replace(dataDir, shown), flowId: flow.id, sessions: overall.sessions, leads: overall.leads, screens };
  } finally {
    await database.close();
  }
}
