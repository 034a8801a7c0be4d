/**
 * The demo's field speed readings (`npm run report -- --demo`, the studio's demo database): LCP, INP and
 * CLS of each screen of the flow as visitors' devices would report them, most on mobile and 4g, slower
 * on 3g, and the flow's third screen slow to respond to taps on phones (INP poor), so the report's field
 * speed section shows each rating. Deterministic; written with generate_series in two statements.
 */
import type { SqlDatabase } from '../../server/sql-database.ts';

/** The per-day histogram of every reading in funnel_private.field_readings, as track_field_speed counts it. */
export const FIELD_DAILY_FROM_READINGS = `
  insert into funnel_report.field_speed_daily (day, flow_id, revision, screen, metric, device, connection,
    bucket, rating, readings)
  select (r.read_at at time zone 'utc')::date, coalesce(r.flow_id, ''), r.revision, r.screen, r.metric, r.device,
    r.connection, funnel_private.field_bucket(r.metric, r.value), funnel_private.field_rating(r.metric, r.value),
    count(*)
  from funnel_private.field_readings r group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  on conflict (day, flow_id, revision, screen, metric, device, connection, bucket, rating)
  do update set readings = funnel_report.field_speed_daily.readings + excluded.readings`;

/** `perScreen` readings of each metric for each of `screens`, over the demo's days. */
export async function insertDemoFieldSpeed(
  db: SqlDatabase,
  flowId: string,
  screens: readonly string[],
  perScreen = 120,
): Promise<void> {
  if (screens.length === 0) return;
  await db.query(
    `insert into funnel_private.field_readings (event_id, session_id, flow_id, screen, metric, value, device,
       connection, language, revision, read_at)
     select md5('demo-field' || s.n || '-' || m.n || '-' || i)::uuid, md5('demo-visit' || i)::uuid, $1, s.screen,
       m.metric, m.median * spread.f * case when c.connection = '3g' then 1.8 else 1 end
         * case when m.metric = 'INP' and s.n = 3 and d.device = 'mobile' then 5 else 1 end,
       d.device, c.connection, 'en', 'unknown', timestamptz '2026-12-01 09:00Z' + (i % 7) * interval '1 day'
     from jsonb_array_elements_text($2::jsonb) with ordinality as s(screen, n)
     cross join (values (1, 'LCP', 1400.0), (2, 'INP', 110.0), (3, 'CLS', 0.04)) as m(n, metric, median)
     cross join generate_series(1, $3::integer) as i
     cross join lateral (select exp(1.4 * (((i * 7919 + s.n * 31) % 100) / 100.0 - 0.5)) as f) as spread
     cross join lateral (select (array['mobile', 'mobile', 'mobile', 'tablet', 'desktop'])[1 + i % 5] as device) as d
     cross join lateral (select (array['4g', '4g', '4g', '3g', 'unknown'])[1 + (i / 5) % 5] as connection) as c`,
    [flowId, JSON.stringify(screens), perScreen],
  );
  await db.query(FIELD_DAILY_FROM_READINGS, []);
}
