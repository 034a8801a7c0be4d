/**
 * funnel_report.refresh() run from two sessions at once (issue 31 point 1): on PostgreSQL two server
 * sessions start it together; the watermark row's lock makes one wait for the other, so every final
 * session is moved once and the figures equal the direct computation. (PGlite has one session: there
 * the two calls queue, which proves the same counts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabases } from './test-database.ts';

let a: SqlDatabase;
let b: SqlDatabase;
beforeAll(async () => {
  [a, b] = (await openTestDatabases(2)) as [SqlDatabase, SqlDatabase];
}, 60_000);
afterAll(async () => {
  await a.close();
  await b.close();
});

const one = async (db: SqlDatabase, sql: string): Promise<number> =>
  Number(Object.values((await db.query<Record<string, unknown>>(sql)).rows[0] ?? {})[0]);

describe('refresh, twice at once', () => {
  it('moves each final session once', async () => {
    // 400 sessions of 1 to 4 screens over two days in May 2030, every third with a lead.
    await a.exec(`
      insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, language)
      select gen_random_uuid(), md5('c' || i)::uuid, 'step_' || k, k,
        timestamptz '2030-05-01' + (i % 2) * interval '1 day' + i * interval '1 minute' + k * interval '9 second',
        'concurrency', case when i % 4 = 0 then 'es' else 'en' end
      from generate_series(1, 400) as i cross join lateral generate_series(1, 1 + i % 4) as k;
      insert into public.quiz_completions (id, session_id, name, email, submitted_at)
      select gen_random_uuid(), md5('c' || i)::uuid, 'C', 'c@example.com', timestamptz '2030-05-01' + i * interval '1 minute'
      from generate_series(1, 400) as i where i % 3 = 0;
    `);
    const at = `select funnel_report.refresh('2030-06-01')`;
    const moved = await Promise.all([one(a, at), one(b, at)]);
    expect(moved.sort((x, y) => x - y)).toEqual([0, 400]);
    expect(await one(a, 'select sum(sessions) from funnel_report.day_sessions')).toBe(400);
    expect(await one(b, 'select count(*) from funnel_report.closed_sessions')).toBe(400);
    const figures = `select sessions || '/' || leads from funnel_report.arm_conversions(null, null, '2030-05-01', '2030-05-03', 'concurrency')`;
    const exact = `select sessions || '/' || leads from funnel_report.arm_conversions_direct(null, null, '2030-05-01', '2030-05-03', 'concurrency')`;
    const [row] = (await a.query<{ '?column?': string }>(figures)).rows;
    const [truth] = (await a.query<{ '?column?': string }>(exact)).rows;
    expect(row).toEqual({ '?column?': '400/133' });
    expect(row).toEqual(truth);
  });
});
