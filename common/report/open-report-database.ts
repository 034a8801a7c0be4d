/**
 * Where the report reads from: Postgres through DATABASE_URL (Supabase), a throwaway demo database, or
 * a copy of the local database folder. The copy matters: PGlite lets only one process open a folder,
 * and `npm start` keeps .data/local-db open, so the report never opens the live folder itself; it
 * reads a snapshot of what the server has written so far (with every migration applied to the copy).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { openDatabase } from '../../server/database.ts';
import { demoDatabase } from './demo-database.ts';
import { DEMO_BROKEN_PLAN, DEMO_PLAN } from './demo-visits.ts';
import type { Query } from './read-figures.ts';

export interface ReportDatabase {
  query: Query;
  /** Where the figures come from, for the report's first line. */
  source: string;
  close(): Promise<void>;
}

export interface DatabaseChoice {
  demo: boolean;
  /** With demo: the run whose one arm lost tracking (the report flags its sample-ratio mismatch). */
  brokenArm?: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  flow: Flow;
}

export async function openReportDatabase(choice: DatabaseChoice): Promise<ReportDatabase> {
  if (choice.demo) {
    const db = await demoDatabase(choice.flow, choice.brokenArm === true ? DEMO_BROKEN_PLAN : DEMO_PLAN);
    return {
      query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      source:
        choice.brokenArm === true
          ? 'simulated visits with one arm losing a quarter of its tracking (--demo --broken-arm, in memory)'
          : 'simulated visits (--demo, in memory)',
      close: () => db.close(),
    };
  }
  if (choice.databaseUrl !== undefined && choice.databaseUrl !== '') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: choice.databaseUrl });
    await client.connect();
    return {
      query: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows,
      source: `Postgres (DATABASE_URL, host ${new URL(choice.databaseUrl).hostname})`,
      close: () => client.end(),
    };
  }
  if (!existsSync(choice.dataDir))
    throw new Error(
      `no local database at ${choice.dataDir}: run \`npm start\` and walk the funnel first, set DATABASE_URL, or try \`npm run report -- --demo\``,
    );
  const copy = mkdtempSync(join(tmpdir(), 'funnel-report-'));
  cpSync(choice.dataDir, copy, { recursive: true });
  // A copy of a folder a running server had open still holds its lock file; the copy is nobody's.
  rmSync(join(copy, 'postmaster.pid'), { force: true });
  const db = await openDatabase({ dataDir: copy });
  return {
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    source: `a snapshot of ${choice.dataDir}`,
    close: async () => {
      await db.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}
