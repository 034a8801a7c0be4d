/**
 * `npm run bench:report -- --backlog 2000000 --readings 10000000` (issue 46 point 4): the report with
 * field readings at scale. On the database the backlog bench leaves (its step views refreshed), seeds
 * that many web-vitals readings over the same 30 days with generate_series (the readings table and its
 * per-day histogram, as public.track_field_speed writes them, but in two statements), then times the
 * field speed reader (common/field-speed/field-speed-figures.ts) for 30 days and one day, one reading's
 * RPC at that size (the mean of 1,000 calls) and the whole report with its field speed section.
 */
import { randomUUID } from 'node:crypto';
import { readFieldSpeed } from '../common/field-speed/field-speed-figures.ts';
import { FIELD_DAILY_FROM_READINGS } from '../common/report/demo-field-speed.ts';
import type { Query } from '../common/report/query.ts';
import type { SqlDatabase } from '../server/sql-database.ts';

export const FIELD_START = '<!-- bench:report-field-speed start -->';
export const FIELD_END = '<!-- bench:report-field-speed end -->';
export const FIELD_HEAD =
  '| readings | step views | seeding the readings | field speed, 30 days | field speed, one day | one reading sent (mean of 1,000) | whole report with field speed, 30 days |';

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

/**
 * `count` readings of the flow `bench` over October: 9 screens × 3 metrics × 3 devices × 5 connections,
 * spread over the 30 days, with values log-spread around a median per metric (one screen slower).
 */
export async function seedReadings(db: SqlDatabase, count: number): Promise<void> {
  await db.exec(`
    set session_replication_role = replica;
    alter table funnel_private.field_readings drop constraint field_readings_pkey;
    insert into funnel_private.field_readings (event_id, session_id, flow_id, screen, metric, value, device,
      connection, language, revision, read_at)
    select md5('r' || i)::uuid, md5('s' || (i / 5))::uuid, 'bench', 'step_' || (1 + i % 9), m.metric,
      least(m.cap, m.median * case when i % 9 = 2 then 2 else 1 end
        * exp(3 * (((i::bigint * 7919) % 1000) / 1000.0 - 0.5))),
      (array['mobile', 'tablet', 'desktop'])[1 + (i / 27) % 3],
      (array['slow-2g', '2g', '3g', '4g', 'unknown'])[1 + (i / 81) % 5],
      case when i % 5 = 0 then 'es' else 'en' end, 'unknown',
      timestamptz '2026-10-01' + ((i / 405) % 30) * interval '1 day' + ((i::bigint * 7919) % 86000) * interval '1 second'
    from generate_series(1, ${count}) as i
    cross join lateral (
      select (array['LCP', 'INP', 'CLS'])[1 + (i / 9) % 3] as metric,
        (array[1800, 150, 0.05])[1 + (i / 9) % 3]::double precision as median,
        (array[600000, 600000, 100])[1 + (i / 9) % 3]::double precision as cap
    ) as m;
    ${FIELD_DAILY_FROM_READINGS};
    alter table funnel_private.field_readings add primary key (event_id);
    set session_replication_role = origin;
    analyze funnel_private.field_readings;
    analyze funnel_report.field_speed_daily;
  `);
}

export interface FieldFigures {
  seeding: number;
  month: number;
  day: number;
  /** Seconds per reading sent through public.track_field_speed. */
  rpc: number;
  whole: number;
  rows: number;
}

/** Seeds the readings and times what reads and writes them; `report` is the rest of `npm run report`. */
export async function benchField(
  db: SqlDatabase,
  count: number,
  report: () => Promise<unknown>,
): Promise<FieldFigures> {
  const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
  const seeding = await timed(() => seedReadings(db, count));
  let rows = 0;
  const month = await timed(async () => {
    rows = (await readFieldSpeed(query, 'bench', '2026-10-01', '2026-10-31')).length;
  });
  const day = await timed(() => readFieldSpeed(query, 'bench', '2026-10-15', '2026-10-16'));
  const calls = 1000;
  const sending = await timed(async () => {
    for (let call = 0; call < calls; call++)
      await query(
        `select public.track_field_speed(to_jsonb($1::text), to_jsonb($2::text), '"step_1"', '"INP"',
           to_jsonb($3::float8), '"mobile"', '"4g"', '"bench"', '"en"', '"unknown"')`,
        [randomUUID(), randomUUID(), 40 + (call % 400)],
      );
  });
  const whole = await timed(async () => {
    await report();
    await readFieldSpeed(query, 'bench', '2026-10-01', '2026-10-31');
  });
  return { seeding, month, day, rpc: sending / calls, whole, rows };
}

/** The table row of one run. */
export function fieldRow(readings: number, views: number, figures: FieldFigures): string {
  const s = (seconds: number) => `${seconds.toFixed(2)} s`;
  return `| ${readings.toLocaleString('en')} | ${views.toLocaleString('en')} | ${s(figures.seeding)} | ${s(figures.month)} (${figures.rows.toLocaleString('en')} figures) | ${s(figures.day)} | ${(figures.rpc * 1000).toFixed(1)} ms | **${s(figures.whole)}** |`;
}
