// @vitest-environment node
/**
 * The incremental report (issue 31 point 1, migration 20261127005200_report_incremental.sql) gives the
 * figures of the direct computation: every figure of `npm run report` (screens, arms, experiment
 * verdicts, sample-ratio and multiple-exposure checks, segments) read through the aggregates plus the
 * live remainder equals the same report read through the *_direct functions, before any refresh, after
 * one, after a refresh run twice, and for a session that spans a refresh. Medians come from buckets:
 * within 2.5 % + 0.5 s of the exact one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoVisits } from '../common/report/demo-database.ts';
import { DEMO_PLAN } from '../common/report/demo-visits.ts';
import { readFigures, type FunnelFigures, type Query, type ReportOptions } from '../common/report/read-figures.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import { readFileSync } from 'node:fs';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import type { Flow } from '../src/engine/flow.gen.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
/** The same report, computed directly from the rows (the functions as they were before aggregates). */
const direct: Query = (sql, params) =>
  query(sql.replace(/funnel_report\.(screen_figures|arm_conversions|conversions_by|multiple_exposures)\(/g, 'funnel_report.$1_direct('), params);

const refresh = async (at: string): Promise<number> =>
  Number((await query('select funnel_report.refresh($1) as n', [at]))[0]?.['n']);

/** The figures with their medians taken out (in a fixed order), to compare the rest exactly. */
function withoutMedians(figures: FunnelFigures): { medians: (number | null)[]; rest: unknown } {
  const medians: (number | null)[] = [];
  const rest: unknown = JSON.parse(
    JSON.stringify(figures, (key, value: unknown) => {
      if (key !== 'medianSeconds') return value;
      medians.push(value as number | null);
      return null;
    }),
  );
  return { medians, rest };
}

/** The report with no live remainder held: each reader computes its own (as before hold_live). */
const unheld: Query = (sql, params) =>
  /hold_live|release_live/.test(sql) ? Promise.resolve([]) : query(sql, params);

/** The report's figures, held (as `npm run report` reads them) and unheld, each equal to the direct ones. */
async function expectDirectFigures(flow: Flow, options: ReportOptions = {}): Promise<FunnelFigures> {
  const exact = await readFigures(direct, flow, options);
  const incremental = await expectEqualFigures(await readFigures(query, flow, options), exact);
  expect(await expectEqualFigures(await readFigures(unheld, flow, options), exact)).toEqual(incremental);
  return incremental;
}

async function expectEqualFigures(incremental: FunnelFigures, exact: FunnelFigures): Promise<FunnelFigures> {
  const a = withoutMedians(incremental);
  const b = withoutMedians(exact);
  expect(a.rest).toEqual(b.rest);
  expect(a.medians.map((m) => m === null)).toEqual(b.medians.map((m) => m === null));
  for (const [index, median] of a.medians.entries()) {
    const truth = b.medians[index];
    if (median !== null && truth !== null && truth !== undefined)
      expect(Math.abs(median - truth)).toBeLessThanOrEqual(truth * 0.025 + 0.5);
  }
  return incremental;
}

/** How many demo sessions the equality is shown on. */
const SESSIONS = 800;

describe('the incremental report equals the direct computation', () => {
  it('on the demo data: live, after a refresh, and after a second refresh', async () => {
    const flow = loadFlow(readFileSync('flows/skin-funnel.json', 'utf8'));
    // A fifth of the demo run: the same kinds of visits (both arms, deep links, Back, drop-offs), and a
    // test that takes seconds rather than minutes on PGlite.
    await insertDemoVisits(db, flow, { ...DEMO_PLAN, sessions: SESSIONS });
    const live = await expectDirectFigures(flow);
    // The demo's visits start 2026-12-01 09:00; none is final before then.
    expect(await refresh('2026-12-01T08:00:00Z')).toBe(0);
    const moved = await refresh('2100-01-01T00:00:00Z');
    expect(moved).toBeGreaterThan(SESSIONS * 0.9);
    const [aggregated] = await query('select sum(sessions)::int as n from funnel_report.day_sessions', []);
    expect(aggregated?.['n']).toBe(moved);
    const after = await expectDirectFigures(flow);
    expect(after).toEqual(live);
    expect(await refresh('2100-01-01T00:00:00Z')).toBe(0);
    expect(await expectDirectFigures(flow)).toEqual(live);
    expect(live.experiments.length).toBeGreaterThan(0);
    expect(live.overall.sessions).toBeGreaterThan(SESSIONS * 0.9);
    // Whole days read the aggregates; a period inside a day is computed directly: both as before.
    await expectDirectFigures(flow, { from: '2026-12-02', to: '2026-12-03' });
    await expectDirectFigures(flow, { from: '2026-12-02T06:00:00Z', to: '2026-12-03' });
  }, 240_000);

  it('for a session that spans a refresh', async () => {
    const json = JSON.parse(readFileSync('flows/shoe-finder.json', 'utf8')) as { id: string };
    json.id = `span-check-${randomUUID().slice(0, 8)}`;
    const flow = loadFlow(JSON.stringify(json));
    const start = Date.parse('2030-05-01T10:00:00Z');
    const view = (session: string, step: string, second: number, language = 'en') =>
      query(
        `insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, language)
         values ($1, $2, $3, 1, $4, $5, $6)`,
        [randomUUID(), session, step, new Date(start + second * 1000).toISOString(), flow.id, language],
      );
    const early = randomUUID();
    const spanning = randomUUID();
    await view(early, 'finder_distance', 0);
    await view(early, 'finder_weekly', 12);
    await view(spanning, 'finder_distance', 100, 'es');
    await view(spanning, 'finder_weekly', 130, 'es');
    // Half an hour after the first session's last view: it is final, the second one is not yet.
    expect(await refresh(new Date(start + (12 + 1801) * 1000).toISOString())).toBeGreaterThanOrEqual(1);
    const open = await query('select session_id from funnel_report.open_sessions where session_id = $1', [spanning]);
    expect(open).toHaveLength(1);
    await view(spanning, 'finder_surfaces', 400, 'es');
    await view(spanning, 'finder_feel', 420, 'es');
    // The demo's rows name no flow (they count for any): the day keeps them out.
    const day = { from: '2030-05-01', to: '2030-05-02' };
    const during = await expectDirectFigures(flow, day);
    expect(during.overall.sessions).toBe(2);
    const surfaces = during.overall.mainPath.find((screen) => screen.step === 'finder_surfaces');
    expect(surfaces?.reached).toBe(1);
    // A remainder held before a refresh is set aside after it (its session is in the aggregates now),
    // also by a report that does not hold its own.
    await query('select funnel_report.hold_live()', []);
    expect((await query('select funnel_report.live_held() as held', []))[0]?.['held']).toBe(true);
    expect(await refresh(new Date(start + 3 * 3600_000).toISOString())).toBe(1);
    expect((await query('select funnel_report.live_held() as held', []))[0]?.['held']).toBe(false);
    const stale = await readFigures(unheld, flow, day);
    await query('select funnel_report.release_live()', []);
    // Where no temporary table can be made (a read-only transaction) nothing is held: each reader computes.
    const readOnly = await db.transaction(async (tx) => {
      await tx.exec('set transaction read only');
      return (await tx.query<{ held: boolean }>('select funnel_report.hold_live() as held')).rows[0]?.held;
    });
    expect(readOnly).toBe(false);
    expect(await refresh(new Date(start + 3 * 3600_000).toISOString())).toBe(0);
    expect(stale).toEqual(during);
    expect(await expectDirectFigures(flow, day)).toEqual(during);
    const languages = during.segments.find((segment) => segment.dimension === 'language')?.rows;
    expect(languages?.map((row) => [row.value, row.sessions])).toEqual([
      ['en', 1],
      ['es', 1],
    ]);
  }, 120_000);
});
