/**
 * `npm run bench:report -- --backlog 300000` (issue 46 point 4): the first report on a database that was
 * loaded and never refreshed (plain PostgreSQL without pg_cron), and the report after it. Times the whole
 * of what `npm run report` runs for 30 days: the backlog refreshed in batches (its progress lines go to
 * stderr as the report's do), the live remainder held, and the 10 report queries.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { progressLine, refreshInBatches } from '../common/report/refresh-batches.ts';
import { applyMigrations } from '../server/database.ts';
import { pgDatabase } from '../server/pg-database.ts';
import { startPostgres } from '../server/postgres-server.ts';
import type { SqlDatabase } from '../server/sql-database.ts';
import { loadLine, writeTable, type Table } from './bench-doc.ts';
import { benchField, fieldRow, FIELD_END, FIELD_HEAD, FIELD_START } from './bench-report-field.ts';

const DOC = 'docs/performance.md';
const START = '<!-- bench:report-backlog start -->';
const END = '<!-- bench:report-backlog end -->';

type Seed = (db: SqlDatabase, views: number, days: string) => Promise<void>;

const s = (seconds: number) => `${seconds.toFixed(1)} s`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

/** One report as `npm run report` runs it for October (30 days); returns the seconds of its parts. */
async function report(
  db: SqlDatabase,
  queries: [string, string][],
): Promise<{ refresh: number; rest: number; closed: number }> {
  const query = async (sql: string, params: unknown[]) =>
    (await db.query<Record<string, unknown>>(sql, params)).rows;
  let closed = 0;
  const refresh = await timed(async () => {
    closed = await refreshInBatches(query, {
      onProgress: (progress) => console.error(progressLine(progress)),
    });
  });
  const rest = await timed(async () => {
    await query('select funnel_report.hold_live()', []);
    for (const [, sql] of queries) await query(sql, ['2026-10-01', '2026-10-31']);
    await query('select funnel_report.release_live()', []);
  });
  return { refresh, rest, closed };
}

export async function benchBacklog(
  sessions: number,
  seed: Seed,
  queries: [string, string][],
  readings = 0,
): Promise<void> {
  if (!Number.isInteger(sessions) || sessions < 1)
    throw new Error(`--backlog ${sessions}: give a number of sessions`);
  if (!Number.isInteger(readings) || readings < 0)
    throw new Error(`--readings ${readings}: give a number of field readings`);
  const server = startPostgres({
    settings: {
      shared_buffers: '256MB',
      work_mem: '64MB',
      maintenance_work_mem: '512MB',
      max_wal_size: '4GB',
    },
  });
  try {
    const db = await pgDatabase(server.url());
    await applyMigrations(db);
    const load = loadLine();
    const seeding = await timed(() => seed(db, sessions * 5, 'true'));
    const [total] = (await db.query<{ n: string }>('select count(*) as n from public.quiz_step_tracking'))
      .rows;
    const views = Number(total?.n ?? 0);
    console.log(`${sessions} sessions, ${views} step views seeded in ${s(seeding)}, never refreshed (${load})`);
    const first = await report(db, queries);
    console.log(
      `first report: refresh ${s(first.refresh)} (${first.closed} sessions), the rest ${s(first.rest)}`,
    );
    const next = await report(db, queries);
    console.log(`next report: refresh ${s(next.refresh)}, the rest ${s(next.rest)}`);
    const row = `| ${sessions.toLocaleString('en')} | ${views.toLocaleString('en')} | ${s(seeding)} | ${s(first.refresh)} (${first.closed.toLocaleString('en')} sessions) | **${s(first.refresh + first.rest)}** | **${s(next.refresh + next.rest)}** |`;
    const when = new Date().toISOString().slice(0, 16);
    writeDoc({
      start: START,
      end: END,
      heading: 'The first report on a backlog',
      intro: `Last measured ${when} UTC by \`npm run bench:report -- --backlog <sessions>\` on PostgreSQL ${server.version} (this shared 2-core machine; the ${sessions.toLocaleString('en')} row at ${load}): the sessions of 30 days loaded without any refresh, then \`npm run report\`'s work for the 30 days twice (refresh in batches of 20,000, hold_live, the 10 queries).`,
      head: '| sessions | step views | seeding | first report: refresh in batches | first report, whole | next report, whole |',
      rows: [row],
    });
    if (readings > 0) {
      const fieldLoad = loadLine();
      const figures = await benchField(db, readings, () => report(db, queries));
      console.log(`${readings} readings: ${JSON.stringify(figures)} (${fieldLoad})`);
      writeDoc({
        start: FIELD_START,
        end: FIELD_END,
        heading: 'The report with field readings',
        intro: `Last measured ${new Date().toISOString().slice(0, 16)} UTC by \`npm run bench:report -- --backlog ${sessions} --readings <readings>\` on PostgreSQL ${server.version} (this shared 2-core machine; the ${readings.toLocaleString('en')} row at ${fieldLoad}): web-vitals readings of 30 days (9 screens, LCP / INP / CLS, 3 devices, 5 connections) seeded beside the step views above, already refreshed; the field speed section read for 30 days and for one day, one reading sent through \`track_field_speed\` at that size, and the whole report (refresh, hold_live, the 10 queries, field speed) for 30 days.`,
        head: FIELD_HEAD,
        rows: [fieldRow(readings, views, figures)],
      });
    }
    await db.close();
  } finally {
    server.stop();
  }
}

/** Writes one table into the page between its own markers, keeping rows of other sizes from earlier runs. */
function writeDoc(table: Table): void {
  writeFileSync(DOC, writeTable(readFileSync(DOC, 'utf8'), table));
  console.log(`wrote ${DOC}`);
}
