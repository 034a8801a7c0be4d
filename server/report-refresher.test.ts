/**
 * The local server's report refresh (server/report-refresher.ts): on a short interval it moves final
 * sessions into the aggregates by itself, never two runs at once, logs an error without stopping, and
 * stops cleanly; the local backend starts one and stops it on close.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoVisits } from '../common/report/demo-database.ts';
import { DEMO_PLAN } from '../common/report/demo-visits.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import { createLocalBackend } from './local-backend.ts';
import { startReportRefresher, type Queryable } from './report-refresher.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 600 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(done()).toBe(true);
};

describe('the local report refresh', () => {
  it('closes idle sessions on its timer, one run at a time, and stops cleanly', async () => {
    const flow = loadFlow(readFileSync('flows/skin-funnel.json', 'utf8'));
    await insertDemoVisits(db, flow, { ...DEMO_PLAN, sessions: 200 });
    // The demo's visits lie ahead of today: moved two years back, they are idle now.
    await db.exec(`
      update public.quiz_step_tracking set visited_at = visited_at - interval '2 years';
      update public.quiz_completions set submitted_at = submitted_at - interval '2 years';
      update public.user_journey_sessions set last_activity = last_activity - interval '2 years';
      update public.user_assessments set created_at = created_at - interval '2 years';
      update public.experiment_exposures set exposed_at = exposed_at - interval '2 years';`);
    let inFlight = 0;
    let most = 0;
    const counting: Queryable = {
      async query<T>(sql: string, params?: unknown[]) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await db.query<T>(sql, params);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const logged: string[] = [];
    const refresher = startReportRefresher(() => Promise.resolve(counting), {
      intervalMs: 20,
      batch: 50,
      log: (line) => logged.push(line),
    });
    await until(() => refresher.runs >= 3);
    await refresher.stop();
    const runs = refresher.runs;
    const [row] = (
      await db.query<{ n: number }>('select sum(sessions)::int as n from funnel_report.day_sessions')
    ).rows;
    expect(refresher.closed).toBeGreaterThan(150);
    expect(row?.n).toBe(refresher.closed);
    expect(most).toBe(1);
    expect(logged).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(refresher.runs).toBe(runs);
  }, 120_000);

  it('logs a failed run by its message and goes on', async () => {
    const logged: string[] = [];
    const refresher = startReportRefresher(() => Promise.reject(new Error('the database folder is locked')), {
      intervalMs: 10,
      log: (line) => logged.push(line),
    });
    await until(() => refresher.runs >= 2);
    await refresher.stop();
    expect(logged[0]).toBe('report refresh failed: the database folder is locked');
  });

  it('runs in the local backend, and stops when it closes', async () => {
    const backend = createLocalBackend({ reportRefresh: { intervalMs: 20 } });
    await until(() => (backend.reportRefresher?.runs ?? 0) >= 1);
    await backend.close();
    const runs = backend.reportRefresher?.runs ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(backend.reportRefresher?.runs).toBe(runs);
    expect(createLocalBackend({ reportRefresh: false }).reportRefresher).toBeNull();
  }, 120_000);
});
