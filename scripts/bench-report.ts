/**
 * `npm run bench:report [-- --views 100000,1000000,10000000]`: the report's SQL on a real PostgreSQL
 * server at scale. For each size it starts a fresh server (server/postgres-server.ts), applies every
 * migration, seeds that many step views (sessions walking up to 9 screens over 30 days, half of them in
 * an experiment, with leads, sources and devices), times each report query for the whole 30 days and for
 * one day, and writes the table into docs/performance.md between the bench:report markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applyMigrations } from '../server/database.ts';
import { pgDatabase } from '../server/pg-database.ts';
import { startPostgres } from '../server/postgres-server.ts';
import type { SqlDatabase } from '../server/sql-database.ts';

const { values } = parseArgs({ options: { views: { type: 'string', default: '100000,1000000' } } });
const sizes = values.views.split(',').map(Number);
const DOC = 'docs/performance.md';
const START = '<!-- bench:report start -->';
const END = '<!-- bench:report end -->';

/** Seeds about `views` step views (each session walks 1 to 9 screens). */
async function seed(db: SqlDatabase, views: number): Promise<number> {
  const sessions = Math.round(views / 5);
  await db.exec(`
    create temporary table bench_sessions as
    select i, md5('s' || i)::uuid as sid, md5('v' || i)::uuid as visitor,
      timestamptz '2026-10-01' + (i % 30) * interval '1 day' + ((i * 7919) % 86000) * interval '1 second' as started,
      1 + (i * 31) % 9 as walked, case when i % 2 = 0 then 'a' else 'b' end as arm
    from generate_series(1, ${sessions}) as i;
    insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, variants)
    select gen_random_uuid(), s.sid, 'step_' || k, 1, s.started + k * interval '7 second', 'bench',
      case when s.i % 4 < 2 then jsonb_build_object('exp', jsonb_build_object('variant', s.arm, 'override', false)) end
    from bench_sessions s cross join lateral generate_series(1, s.walked) as k;
    insert into public.experiment_exposures (event_id, visitor_id, session_id, experiment_id, variant_id, screen, exposed_at)
    select gen_random_uuid(), s.visitor, s.sid, 'exp', s.arm, 'third', s.started + interval '21 second'
    from bench_sessions s where s.i % 4 < 2 and s.walked >= 3;
    insert into public.user_journey_sessions (session_id, clicked_final_cta, utm_source, utm_campaign, user_agent)
    select s.sid, s.walked = 9 and s.i % 3 = 0, (array['facebook', 'google', null])[1 + s.i % 3],
      (array['spring', 'brand', 'retarget', null])[1 + s.i % 4],
      (array['Mozilla/5.0 (iPhone) Mobile', 'Mozilla/5.0 (iPad)', 'Mozilla/5.0 (Windows NT 10.0)'])[1 + s.i % 3]
    from bench_sessions s;
    insert into public.quiz_completions (id, session_id, name, email, submitted_at)
    select gen_random_uuid(), s.sid, 'Bench', 'bench@example.com', s.started + interval '1 minute'
    from bench_sessions s where s.walked >= 8;
    analyze;
  `);
  const [row] = (await db.query<{ n: number }>('select count(*)::int8 as n from public.quiz_step_tracking')).rows;
  return row?.n ?? 0;
}

const QUERIES: [string, string][] = [
  ['screen_figures()', `select * from funnel_report.screen_figures(null, $1, $2, 'bench')`],
  ['screen_figures(experiment)', `select * from funnel_report.screen_figures('exp', $1, $2, 'bench')`],
  ['arm_conversions()', `select * from funnel_report.arm_conversions(null, null, $1, $2, 'bench')`],
  ['arm_conversions(experiment)', `select * from funnel_report.arm_conversions('exp', null, $1, $2, 'bench')`],
  ['conversions_by(device)', `select * from funnel_report.conversions_by('device', $1, $2, 'bench')`],
  ['multiple_exposures()', `select funnel_report.multiple_exposures('exp', $1, $2, 'bench')`],
];
const RANGES: [string, string, string][] = [
  ['30 days', '2026-10-01', '2026-10-31'],
  ['one day', '2026-10-15', '2026-10-16'],
];

const lines: string[] = [];
let version = '';
for (const size of sizes) {
  const server = startPostgres({ settings: { shared_buffers: '256MB', work_mem: '64MB' } });
  version = server.version;
  try {
    const db = await pgDatabase(server.url());
    await applyMigrations(db);
    const seededAt = Date.now();
    const views = await seed(db, size);
    console.log(`${views} step views seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
    for (const [name, sql] of QUERIES)
      for (const [range, from, to] of RANGES) {
        const started = performance.now();
        await db.query(sql, [from, to]);
        const seconds = (performance.now() - started) / 1000;
        console.log(`${views} views · ${name} · ${range}: ${seconds.toFixed(2)} s`);
        lines.push(`| ${views.toLocaleString('en')} | ${name} | ${range} | ${seconds.toFixed(2)} s |`);
      }
    await db.close();
  } finally {
    server.stop();
  }
}

const table = [
  START,
  `Measured ${new Date().toISOString().slice(0, 16)} UTC by \`npm run bench:report -- --views ${values.views}\` on PostgreSQL ${version} (this shared 2-core machine).`,
  '',
  '| step views | query | range | time |',
  '|---|---|---|---|',
  ...lines,
  END,
].join('\n');
const doc = readFileSync(DOC, 'utf8');
const at = doc.indexOf(START);
writeFileSync(
  DOC,
  at === -1
    ? `${doc.trimEnd()}\n\n## The report at scale (issue 31)\n\n${table}\n`
    : `${doc.slice(0, at)}${table}${doc.slice(doc.indexOf(END) + END.length)}`,
);
console.log(`wrote ${DOC}`);

