// @vitest-environment node
/**
 * The period readers pick their plan by the live remainder's size (issue 46 point 1, migration
 * 20261129007000_period_plan_by_size.sql): with no remainder held, a small one is looked up in nested
 * loops and a large one may be hashed; held, it is read from the hold. Every path gives the figures of
 * the direct computation. Runs on PGlite and on PostgreSQL (vitest.postgres.config.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoVisits } from '../common/report/demo-database.ts';
import { DEMO_PLAN } from '../common/report/demo-visits.ts';
import type { Query } from '../common/report/query.ts';
import { readFigures, type FunnelFigures } from '../common/report/read-figures.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import type { SqlDatabase } from './sql-database.ts';
import { directQuery } from './sql-test-kit.ts';
import { openTestDatabase } from './test-database.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  // What a period reader sees after picking its source: the source and the join settings it runs under.
  await db.exec(`
    create function public.test_live_source() returns text
    language plpgsql set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
    begin
      return funnel_report.live_source('sessions') || ' ' || current_setting('enable_hashjoin')
        || ' ' || current_setting('enable_mergejoin') || ' ' || current_setting('enable_seqscan');
    end;
    $$;`);
}, 60_000);
afterAll(async () => {
  await db.close();
});

const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
const direct = directQuery(query);
/** The report with no remainder held: each period reader computes it, by the plan its size picks. */
const unheld: Query = (sql, params) =>
  /hold_live|release_live/.test(sql) ? Promise.resolve([]) : query(sql, params);

/** The figures without their medians (buckets 5 % wide: report-incremental.test.ts holds those). */
const counts = (figures: FunnelFigures): unknown =>
  JSON.parse(JSON.stringify(figures, (key, value: unknown) => (key === 'medianSeconds' ? null : value)));

const one = async (sql: string): Promise<unknown> => (await query(sql, []))[0]?.['v'];
const plan = () => one('select funnel_report.live_plan() as v');
const source = () => one('select public.test_live_source() as v');

describe('the period readers pick their plan by the live remainder’s size', () => {
  it('small: nested loops; large: hash joins; held: the hold; each with the direct figures', async () => {
    const flow = loadFlow(readFileSync('flows/skin-funnel.json', 'utf8'));
    const limit = Number(await one('select funnel_report.nested_loop_limit() as v'));

    await insertDemoVisits(db, flow, { ...DEMO_PLAN, sessions: 120 });
    expect(Number(await one('select funnel_report.live_size() as v'))).toBeLessThanOrEqual(limit);
    expect(await plan()).toBe('nested loops');
    expect(await source()).toBe('funnel_report.group_sessions(true) off off off');
    const small = counts(await readFigures(direct, flow));
    expect(counts(await readFigures(unheld, flow))).toEqual(small);
    expect(counts(await readFigures(query, flow))).toEqual(small);

    // Thousands more live sessions (another seed: other sessions), never refreshed.
    await insertDemoVisits(db, flow, { ...DEMO_PLAN, sessions: 1500, seed: 4601 });
    expect(Number(await one('select funnel_report.live_size() as v'))).toBeGreaterThan(limit);
    expect(await plan()).toBe('hash joins');
    expect(await source()).toBe('funnel_report.group_sessions(true) on on on');
    const large = counts(await readFigures(direct, flow));
    expect(large).not.toEqual(small);
    expect(counts(await readFigures(unheld, flow))).toEqual(large);

    // Held: read from the hold whatever its size, until released or a refresh sets it aside.
    expect(await one('select funnel_report.hold_live() as v')).toBe(true);
    expect(await plan()).toBe('held');
    expect(await source()).toBe('pg_temp.funnel_live_sessions off off off');
    expect(counts(await readFigures(unheld, flow))).toEqual(large);
    await query('select funnel_report.release_live()', []);
    expect(await plan()).toBe('hash joins');
    expect(counts(await readFigures(query, flow))).toEqual(large);
  }, 600_000);

  it('names only the three remainders it knows', async () => {
    await expect(query(`select funnel_report.live_source('users')`, [])).rejects.toThrow(/table/);
  });
});
