/**
 * A backlog (issue 46 point 1): a few thousand sessions loaded and never refreshed, worked off in
 * bounded batches (funnel_report.refresh_batch) with a progress line, give the same figures as the
 * direct computation, before, during and after; the live remainder of that size takes the linear path.
 * Runs on PGlite and on PostgreSQL (vitest.postgres.config.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoVisits } from '../common/report/demo-database.ts';
import { DEMO_PLAN } from '../common/report/demo-visits.ts';
import type { Query } from '../common/report/query.ts';
import { readFigures, type FunnelFigures } from '../common/report/read-figures.ts';
import {
  lastRefreshed,
  progressLine,
  refreshInBatches,
  type RefreshProgress,
} from '../common/report/refresh-batches.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import type { SqlDatabase } from './sql-database.ts';
import { directQuery } from './sql-test-kit.ts';
import { openTestDatabase } from './test-database.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
const direct = directQuery(query);

/** The figures without their medians (buckets 5 % wide: the other tests hold those). */
function counts(figures: FunnelFigures): unknown {
  return JSON.parse(
    JSON.stringify(figures, (key, value: unknown) => (key === 'medianSeconds' ? null : value)),
  );
}

const SESSIONS = 2500;
const LATER = '2100-01-01T00:00:00Z';

describe('a backlog refreshed in batches', () => {
  it('gives the direct figures before, during and after, with a progress line per batch', async () => {
    const flow = loadFlow(readFileSync('flows/skin-funnel.json', 'utf8'));
    await insertDemoVisits(db, flow, { ...DEMO_PLAN, sessions: SESSIONS });
    const exact = counts(await readFigures(direct, flow));
    // The whole backlog is live: larger than the nested-loop limit, so hold_live takes the hash path.
    const [size] = await query(
      'select funnel_report.live_size() as n, funnel_report.nested_loop_limit() as limit',
      [],
    );
    expect(Number(size?.['n'])).toBeGreaterThan(Number(size?.['limit']));
    expect(counts(await readFigures(query, flow))).toEqual(exact);
    expect(await lastRefreshed(query)).toBeNull();

    // Two batches by hand: the backlog is part closed, part live, and the figures are still whole.
    const first = (await query('select * from funnel_report.refresh_batch(500, $1)', [LATER]))[0];
    expect(Number(first?.['closed'])).toBe(500);
    const backlog = Number(first?.['remaining']);
    expect(backlog).toBeGreaterThan(SESSIONS * 0.9 - 500);
    expect(counts(await readFigures(query, flow))).toEqual(exact);
    expect(await lastRefreshed(query)).toBeNull();

    const progress: RefreshProgress[] = [];
    const closed = await refreshInBatches(query, {
      batch: 700,
      now: LATER,
      onProgress: (p) => progress.push(p),
    });
    expect(closed).toBe(backlog);
    expect(progress.length).toBe(Math.ceil(backlog / 700));
    expect(progress.at(-1)).toEqual({ closed: backlog, total: backlog });
    expect(progress.map((p) => p.closed)).toEqual(progress.map((_, i) => Math.min((i + 1) * 700, backlog)));
    expect(progressLine({ closed: 120_000, total: 300_000 })).toBe('closing sessions: 120,000 of 300,000');

    const [aggregated] = await query('select sum(sessions)::int as n from funnel_report.day_sessions', []);
    expect(aggregated?.['n']).toBe(backlog + 500);
    expect((await lastRefreshed(query))?.toISOString()).toBe(new Date(LATER).toISOString());
    expect(counts(await readFigures(query, flow))).toEqual(exact);
    // Nothing left: another run closes none and prints nothing.
    const again: RefreshProgress[] = [];
    expect(await refreshInBatches(query, { now: LATER, onProgress: (p) => again.push(p) })).toBe(0);
    expect(again).toEqual([]);
  }, 600_000);

  it('refuses a batch size below one by name', async () => {
    await expect(query('select * from funnel_report.refresh_batch(0)', [])).rejects.toThrow(/max_sessions/);
  });
});
