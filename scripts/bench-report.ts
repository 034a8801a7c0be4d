/**
 * `npm run bench:report [-- --views 100000,1000000,10000000] [--direct-up-to 1000000]`: the report's SQL
 * on a real PostgreSQL server at scale (issue 31 point 6). For each size it starts a fresh server
 * (server/postgres-server.ts), applies every migration, and seeds that many step views with
 * generate_series (sessions walking 1 to 9 screens over 30 days, half of them in an experiment, with
 * leads, sources, devices and two languages). It refreshes the aggregates for the first 29 days, seeds
 * day 30 and times the refresh of that one day's new rows, then times each report query for 30 days and
 * for one day through the aggregates, the live remainder held once for the 10 queries as `npm run report`
 * holds it (and, up to --direct-up-to step views, computed directly as before).
 * The table goes into docs/performance.md between the bench:report markers.
 * `--backlog <sessions>` (issue 46): the backlog case instead: that many sessions over 30 days loaded
 * without any refresh, then the first report as `npm run report` runs it (the backlog refreshed in
 * batches with its progress line, the live remainder held, the 10 queries for 30 days) and the next one;
 * into the same page between the bench:report-backlog markers (scripts/bench-report-backlog.ts).
 * `--readings <n>` with --backlog: then that many field readings beside them, and the report with its
 * field speed section, between the bench:report-field-speed markers (scripts/bench-report-field.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applyMigrations } from '../server/database.ts';
import { pgDatabase } from '../server/pg-database.ts';
import { startPostgres } from '../server/postgres-server.ts';
import type { SqlDatabase } from '../server/sql-database.ts';
import { benchBacklog } from './bench-report-backlog.ts';

const { values } = parseArgs({
  options: {
    views: { type: 'string', default: '100000,1000000' },
    'direct-up-to': { type: 'string', default: '1000000' },
    backlog: { type: 'string' },
    readings: { type: 'string', default: '0' },
  },
});
const sizes = values.views.split(',').map(Number);
const DOC = 'docs/performance.md';
const START = '<!-- bench:report start -->';
const END = '<!-- bench:report end -->';

/** Seeds the sessions of `views / 5` whose day (i % 30) passes `days` (each walks 1 to 9 screens). */
async function seed(db: SqlDatabase, views: number, days: string): Promise<void> {
  const sessions = Math.round(views / 5);
  // Bulk loading: the step views' two secondary indexes are built after the rows, and the per-row
  // triggers (journey bounds, lead webhooks, consent) stay off: this throwaway server measures reading.
  await db.exec(`
    set session_replication_role = replica;
    alter table public.quiz_step_tracking drop constraint quiz_step_tracking_event_id_key;
    drop index public.quiz_step_tracking_session_idx;
    drop table if exists bench_sessions;
    create temporary table bench_sessions as
    select i, md5('s' || i)::uuid as sid, md5('v' || i)::uuid as visitor,
      timestamptz '2026-10-01' + (i % 30) * interval '1 day' + ((i::bigint * 7919) % 86000)::integer * interval '1 second' as started,
      (1 + (i::bigint * 31) % 9)::integer as walked, case when i % 2 = 0 then 'a' else 'b' end as arm,
      case when i % 5 = 0 then 'es' else 'en' end as language
    from generate_series(1, ${sessions}) as i where ${days};
    insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, variants, language)
    select gen_random_uuid(), s.sid, 'step_' || k, 1, s.started + k * interval '7 second', 'bench',
      case when s.i % 4 < 2 then jsonb_build_object('exp', jsonb_build_object('variant', s.arm, 'override', false)) end,
      s.language
    from bench_sessions s cross join lateral generate_series(1, s.walked) as k;
    insert into public.experiment_exposures (event_id, visitor_id, session_id, experiment_id, variant_id, screen, exposed_at)
    select gen_random_uuid(), s.visitor, s.sid, 'exp', s.arm, 'third', s.started + interval '21 second'
    from bench_sessions s where s.i % 4 < 2 and s.walked >= 3;
    insert into public.user_journey_sessions (session_id, created_at, last_activity, clicked_final_cta, utm_source, utm_campaign, user_agent)
    select s.sid, s.started, s.started + s.walked * interval '7 second', s.walked = 9 and s.i % 3 = 0,
      (array['facebook', 'google', null])[1 + s.i % 3], (array['spring', 'brand', 'retarget', null])[1 + s.i % 4],
      (array['Mozilla/5.0 (iPhone) Mobile', 'Mozilla/5.0 (iPad)', 'Mozilla/5.0 (Windows NT 10.0)'])[1 + s.i % 3]
    from bench_sessions s;
    insert into public.quiz_completions (id, session_id, name, email, submitted_at, language)
    select gen_random_uuid(), s.sid, 'Bench', 'bench@example.com', s.started + interval '1 minute', s.language
    from bench_sessions s where s.walked >= 8;
    alter table public.quiz_step_tracking add constraint quiz_step_tracking_event_id_key unique (event_id);
    create index quiz_step_tracking_session_idx on public.quiz_step_tracking (session_id, visited_at);
    set session_replication_role = origin;
    analyze;
  `);
}

/** The queries `npm run report` runs for a flow with one experiment (10 in all), by name. */
const QUERIES: [string, string][] = [
  ['screen_figures()', `select * from funnel_report.screen_figures(null, $1, $2, 'bench')`],
  ['screen_figures(experiment)', `select * from funnel_report.screen_figures('exp', $1, $2, 'bench')`],
  ['arm_conversions()', `select * from funnel_report.arm_conversions(null, null, $1, $2, 'bench')`],
  [
    'arm_conversions(experiment)',
    `select * from funnel_report.arm_conversions('exp', null, $1, $2, 'bench')`,
  ],
  [
    'arm_conversions(exposed)',
    `select * from funnel_report.arm_conversions('exp', null, $1, $2, 'bench', null, true)`,
  ],
  ['conversions_by(utm_source)', `select * from funnel_report.conversions_by('utm_source', $1, $2, 'bench')`],
  [
    'conversions_by(utm_campaign)',
    `select * from funnel_report.conversions_by('utm_campaign', $1, $2, 'bench')`,
  ],
  ['conversions_by(device)', `select * from funnel_report.conversions_by('device', $1, $2, 'bench')`],
  ['conversions_by(language)', `select * from funnel_report.conversions_by('language', $1, $2, 'bench')`],
  ['multiple_exposures()', `select funnel_report.multiple_exposures('exp', $1, $2, 'bench')`],
];
const RANGES: [string, string, string][] = [
  ['30 days', '2026-10-01', '2026-10-31'],
  ['one day', '2026-10-15', '2026-10-16'],
];
const direct = (sql: string) => sql.replace(/funnel_report\.(\w+)\(/, 'funnel_report.$1_direct(');

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

const s = (seconds: number) => `${seconds.toFixed(2)} s`;
const lines: string[] = [];
const refreshLines: string[] = [];
let version = '';
/** Writes the table so far into docs/performance.md (after each size: a long run keeps what it measured). */
function writeDoc(): void {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf(START);
  /** Rows of sizes not measured this time are kept from the last run (each size is run once). */
  const magnitude = (cell: string) => Math.round(Math.log10(Number(cell.replaceAll(',', '')) || 1));
  const measured = new Set([...lines, ...refreshLines].map((line) => magnitude(line.split('|')[1] ?? '')));
  const kept = (header: string) => {
    if (at === -1) return [];
    const old = doc.slice(at, doc.indexOf(END));
    const block = old.slice(old.indexOf(header));
    return block
      .split('\n')
      .slice(2)
      .filter((line) => /^\| [\d,]+ \|/.test(line))
      .filter(
        (line, index, all) =>
          all.indexOf(line) === index && !measured.has(magnitude(line.split('|')[1] ?? '')),
      );
  };
  const REFRESH_HEAD = "| step views | seeding | first refresh (29 days) | refresh of one day's new rows |";
  const QUERY_HEAD = '| step views | query | range | through the aggregates | computed directly (before) |';
  const keptRefresh = kept(REFRESH_HEAD).filter((line) => line.split('|').length === 6);
  const keptQueries = kept(QUERY_HEAD).filter((line) => line.split('|').length === 7);
  const table = [
    START,
    `Last measured ${new Date().toISOString().slice(0, 16)} UTC by \`npm run bench:report -- --views ${values.views}\` on PostgreSQL ${version} (this shared 2-core machine; rows of other sizes are from earlier runs). Sessions walk 1 to 9 screens (5 step views on average) over 30 days.`,
    '',
    REFRESH_HEAD,
    '|---|---|---|---|',
    ...keptRefresh,
    ...refreshLines,
    '',
    QUERY_HEAD,
    '|---|---|---|---|---|',
    ...keptQueries,
    ...lines,
    END,
  ].join('\n');
  writeFileSync(
    DOC,
    at === -1
      ? `${doc.trimEnd()}\n\n## The report at scale\n\n${table}\n`
      : `${doc.slice(0, at)}${table}${doc.slice(doc.indexOf(END) + END.length)}`,
  );
  console.log(`wrote ${DOC}`);
}

if (values.backlog !== undefined) {
  await benchBacklog(Number(values.backlog), seed, QUERIES, Number(values.readings));
  process.exit(0);
}

for (const size of sizes) {
  const server = startPostgres({
    settings: {
      shared_buffers: '256MB',
      work_mem: '64MB',
      maintenance_work_mem: '512MB',
      max_wal_size: '4GB',
    },
  });
  version = server.version;
  try {
    const db = await pgDatabase(server.url());
    await applyMigrations(db);
    let seeding = await timed(() => seed(db, size, 'i % 30 < 29'));
    const [counted] = (await db.query<{ n: string }>('select count(*) as n from public.quiz_step_tracking'))
      .rows;
    const first = await timed(() => db.query(`select funnel_report.refresh('2026-10-30')`));
    // The 30th day arrives after the refresh of the first 29.
    seeding += await timed(() => seed(db, size, 'i % 30 = 29'));
    const [total] = (await db.query<{ n: string }>('select count(*) as n from public.quiz_step_tracking'))
      .rows;
    const views = Number(total?.n ?? 0);
    const oneDay = await timed(() => db.query(`select funnel_report.refresh('2026-11-01')`));
    console.log(
      `${views} step views seeded in ${seeding.toFixed(1)} s; refresh of ${counted?.n} views (29 days) ${s(first)}, of one day ${s(oneDay)}`,
    );
    refreshLines.push(`| ${views.toLocaleString('en')} | ${s(seeding)} | ${s(first)} | ${s(oneDay)} |`);
    for (const [range, from, to] of RANGES) {
      let sum = 0;
      let sumDirect = 0;
      const withDirect = size <= Number(values['direct-up-to']);
      // As `npm run report` reads it (read-figures.ts): the live remainder held once for all 10 queries.
      const hold = await timed(() => db.query('select funnel_report.hold_live()'));
      sum += hold;
      console.log(`${views} views · hold_live() · ${range}: ${s(hold)}`);
      lines.push(
        `| ${views.toLocaleString('en')} | hold_live() (the live remainder, once per report) | ${range} | ${s(hold)} | – |`,
      );
      for (const [name, sql] of QUERIES) {
        const seconds = await timed(() => db.query(sql, [from, to]));
        const exact = withDirect ? await timed(() => db.query(direct(sql), [from, to])) : Number.NaN;
        sum += seconds;
        sumDirect += exact;
        console.log(
          `${views} views · ${name} · ${range}: ${s(seconds)} (directly: ${withDirect ? s(exact) : '–'})`,
        );
        lines.push(
          `| ${views.toLocaleString('en')} | ${name} | ${range} | ${s(seconds)} | ${withDirect ? s(exact) : '–'} |`,
        );
      }
      await db.query('select funnel_report.release_live()');
      lines.push(
        `| ${views.toLocaleString('en')} | **the whole report (all 10)** | ${range} | **${s(sum)}** | ${withDirect ? s(sumDirect) : '–'} |`,
      );
    }
    await db.close();
  } finally {
    server.stop();
  }
  writeDoc();
}
