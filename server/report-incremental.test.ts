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
import { directQuery } from './sql-test-kit.ts';
import { openTestDatabase } from './test-database.ts';
import type { Flow } from '../src/engine/flow.gen.ts';
import { figuresByRevision, mixByRevision } from '../common/report/revision-figures.ts';
import { readByRevision } from './version-figures.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
const direct = directQuery(query);

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

  it('split by revision: each revision counted from its rows, live and after a refresh', async () => {
    const json = JSON.parse(readFileSync('flows/shoe-finder.json', 'utf8')) as { id: string };
    json.id = `revision-check-${randomUUID().slice(0, 8)}`;
    const flow = loadFlow(JSON.stringify(json));
    const start = Date.parse('2031-03-01T10:00:00Z');
    const steps = ['finder_distance', 'finder_weekly', 'finder_surfaces', 'finder_feel'];
    // Old rows (no revision), revision A, then B: each session views a first few steps of the path;
    // one session of B saw its first view from an older page (unknown) and counts under B.
    const plan: { revision: string; depth: number; source: string; language: string; lead?: boolean; firstUnknown?: boolean }[] = [
      { revision: 'unknown', depth: 2, source: 'meta', language: 'en' },
      { revision: 'aaaaaaaaaaaa', depth: 4, source: 'meta', language: 'en', lead: true },
      { revision: 'aaaaaaaaaaaa', depth: 1, source: 'meta', language: 'en' },
      { revision: 'aaaaaaaaaaaa', depth: 3, source: 'google', language: 'es' },
      { revision: 'bbbbbbbbbbbb', depth: 4, source: 'google', language: 'es', lead: true },
      { revision: 'bbbbbbbbbbbb', depth: 4, source: 'google', language: 'es', lead: true, firstUnknown: true },
      { revision: 'bbbbbbbbbbbb', depth: 2, source: 'google', language: 'es' },
    ];
    for (const [index, visit] of plan.entries()) {
      const session = randomUUID();
      const at = (second: number) => new Date(start + index * 600_000 + second * 1000).toISOString();
      await query(
        `insert into public.user_journey_sessions (session_id, last_step_reached, utm_source, flow_id) values ($1, 'x', $2, $3)`,
        [session, visit.source, flow.id],
      );
      for (const [n, step] of steps.slice(0, visit.depth).entries())
        await query(
          `insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, language, revision)
           values ($1, $2, $3, 1, $4, $5, $6, $7)`,
          [randomUUID(), session, step, at(n * 10), flow.id, visit.language, n === 0 && visit.firstUnknown ? 'unknown' : visit.revision],
        );
      if (visit.lead)
        await query(
          `insert into public.quiz_completions (id, session_id, name, email, flow_id, revision, submitted_at)
           values ($1, $2, 'A', 'a@example.com', $3, $4, $5)`,
          [randomUUID(), session, flow.id, visit.revision, at(100)],
        );
    }
    const day = { from: '2031-03-01', to: '2031-03-02' };
    const expected = ['unknown', 'aaaaaaaaaaaa', 'bbbbbbbbbbbb'].map((revision) => {
      const visits = plan.filter((visit) => visit.revision === revision);
      return {
        revision,
        sessions: visits.length,
        leads: visits.filter((visit) => visit.lead).length,
        reached: steps.map((_, n) => visits.filter((visit) => visit.depth > n).length),
        continued: steps.map((_, n) => visits.filter((visit) => visit.depth > n + 1).length),
      };
    });
    const read = async () =>
      (await figuresByRevision(query, flow, day)).map((figure) => ({
        revision: figure.revision,
        sessions: figure.sessions,
        leads: figure.leads,
        reached: steps.map((step) => figure.mainPath.find((screen) => screen.step === step)?.reached ?? 0),
        continued: steps.map((step) => figure.mainPath.find((screen) => screen.step === step)?.continued ?? 0),
      }));
    const byRevision = <T extends { revision: string }>(rows: T[]) => [...rows].sort((a, b) => a.revision.localeCompare(b.revision));
    const live = await read();
    expect(byRevision(live)).toEqual(byRevision(expected));
    // The studio's History panel reads the same split, kept to the versions it lists.
    expect(await readByRevision(query, flow, ['bbbbbbbbbbbb', 'ffffffffffff'])).toEqual(
      new Map([['bbbbbbbbbbbb', { sessions: 3, leads: 2, leadRate: 2 / 3 }]]),
    );
    const mixes = await mixByRevision(query, flow, day);
    expect(mixes.find((mix) => mix.revision === 'aaaaaaaaaaaa')).toEqual({
      revision: 'aaaaaaaaaaaa',
      utmSource: { meta: 2, google: 1 },
      language: { en: 2, es: 1 },
    });
    expect(await refresh(new Date(start + 3 * 3600_000).toISOString())).toBeGreaterThanOrEqual(plan.length);
    const [stored] = await query(
      'select count(distinct revision)::int as n from funnel_report.day_steps where flow_id = $1',
      [flow.id],
    );
    expect(stored?.['n']).toBe(3);
    expect(byRevision(await read())).toEqual(byRevision(live));
    expect(byRevision(await mixByRevision(query, flow, day))).toEqual(byRevision(mixes));
    // The other readers sum every revision, as before: the same figures as the direct computation.
    await expectDirectFigures(flow, day);
    // A period inside a day is refused by name: the split reads the aggregates' whole days.
    await expect(query('select * from funnel_report.revision_conversions($1, $2, $3)', ['2031-03-01T06:00:00Z', null, flow.id])).rejects.toThrow(
      /from: the split by revision reads whole UTC days/,
    );
  }, 120_000);
});
