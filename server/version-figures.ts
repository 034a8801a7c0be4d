/**
 * Each version's figures for the studio's History panel: sessions and lead rate per revision. The one
 * place the panel's figures come from (GET /api/version-figures calls only this).
 *
 * The figures are the report's own split by revision (figuresByRevision, from the per-day aggregates);
 * a database from before revisions were recorded has no `revision` column, and then this returns no
 * figures and says why. Nothing here estimates or invents a figure.
 */
import { existsSync } from 'node:fs';
import type { Flow } from '../src/engine/flow-model.ts';
import { openReportDatabase } from '../common/report/open-report-database.ts';
import type { Query } from '../common/report/read-figures.ts';
import { figuresByRevision } from '../common/report/revision-figures.ts';

/** One revision's figures: sessions that saw it, and the share that left a lead. */
export interface VersionFigures {
  sessions: number;
  leads: number;
  /** leads / sessions, 0..1. */
  leadRate: number;
}

export interface VersionFiguresResult {
  /** By revision; a revision without visits is absent. */
  figures: Map<string, VersionFigures>;
  /** Why there are none, in words, when the map is empty. */
  note?: string;
}

/** The reader of figures by revision (from the report's own SQL), given the database's query. */
export type RevisionReader = (
  query: Query,
  flow: Flow,
  revisions: readonly string[],
) => Promise<Map<string, VersionFigures>>;

/** The report's reader by revision: every revision with sessions, kept to those asked for. */
export const readByRevision: RevisionReader = async (query, flow, revisions) => {
  const wanted = new Set(revisions);
  const figures = new Map<string, VersionFigures>();
  for (const row of await figuresByRevision(query, flow))
    if (wanted.has(row.revision)) figures.set(row.revision, { sessions: row.sessions, leads: row.leads, leadRate: row.leadRate });
  return figures;
};

/** The figures of `revisions` of `flow` in the local database at `dataDir`. */
export async function versionFigures(dataDir: string, flow: Flow, revisions: readonly string[]): Promise<VersionFiguresResult> {
  if (!existsSync(dataDir)) return { figures: new Map(), note: 'No local database yet: figures show once visits are recorded.' };
  const database = await openReportDatabase({ demo: false, databaseUrl: undefined, dataDir, flow });
  try {
    const columns = await database.query(
      "select 1 from information_schema.columns where table_schema = 'public' and column_name = 'revision' limit 1",
      [],
    );
    if (columns.length === 0)
      return { figures: new Map(), note: 'Visits do not record their version yet: figures per version show once they do.' };
    const figures = await readByRevision(database.query, flow, revisions);
    return figures.size > 0 ? { figures } : { figures, note: 'No visits recorded for these versions yet.' };
  } finally {
    await database.close();
  }
}
