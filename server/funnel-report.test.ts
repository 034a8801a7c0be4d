/**
 * Migration 20261123000500_funnel_report.sql as the browser meets it: track_exposure validates every
 * field and records an exposure once per visitor and experiment; nothing in funnel_report (views,
 * functions) nor the exposures table is readable or executable by anon or authenticated.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from './sql-database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFigures } from '../common/report/read-figures.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import { readFileSync } from 'node:fs';
import { openTestDatabase } from './test-database.ts';
import { failure, sqlKit } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { asRole, rpc, read } = sqlKit(() => db);

const exposure = () => ({
  event_id: randomUUID(),
  visitor_id: randomUUID(),
  session_id: randomUUID(),
  experiment: 'cliff-headline',
  variant: 'tipping-point',
  screen: 'cliff-education',
  override: false,
  exposed_at: new Date().toISOString(),
});

describe('track_exposure', () => {
  it('records the first exposure of a visitor to an experiment, and only that one', async () => {
    const first = exposure();
    await rpc('track_exposure', first);
    await rpc('track_exposure', first);
    await rpc('track_exposure', {
      ...first,
      event_id: randomUUID(),
      session_id: randomUUID(),
      variant: 'control',
    });
    const rows = await read(
      'select variant_id, screen, override from public.experiment_exposures where visitor_id = $1',
      [first.visitor_id],
    );
    expect(rows).toEqual([{ variant_id: 'tipping-point', screen: 'cliff-education', override: false }]);
  });

  it.each([
    [
      'experiment',
      'Cliff Headline',
      'experiment: must be lower-case letters, digits, _ or -, starting with a letter',
    ],
    ['variant', undefined, 'variant: is required'],
    ['visitor_id', 'abc', 'visitor_id: must be a UUID'],
    ['screen', 'x'.repeat(65), 'screen: must be at most 64 characters'],
    ['override', 'yes', 'override: must be true or false'],
  ])('refuses a bad %s by name (22023)', async (field, value, message) => {
    expect(await failure(rpc('track_exposure', { ...exposure(), [field]: value }))).toMatchObject({
      code: '22023',
      message,
    });
  });
});

describe('the report is out of the browser roles reach', () => {
  const relations = ['funnel_report.step_views', 'funnel_report.session_arms', 'public.experiment_exposures'];
  const calls = [
    'select * from funnel_report.screen_figures()',
    'select * from funnel_report.arm_conversions()',
  ];

  it.each(['anon', 'authenticated'])(
    '%s can neither read a view or the exposures nor run a report function',
    async (role) => {
      for (const relation of relations)
        expect(await failure(asRole(role, `select * from ${relation}`)), relation).toMatchObject({
          code: '42501',
        });
      for (const call of calls)
        expect(await failure(asRole(role, call)), call).toMatchObject({
          code: '42501',
          message: 'permission denied for schema funnel_report',
        });
    },
  );

  it('even with usage on the schema, anon may not run the functions or read the views', async () => {
    const denied = [];
    for (const sql of [...calls, 'select * from funnel_report.step_views'])
      denied.push(
        await db.transaction(async (tx) => {
          await tx.exec('grant usage on schema funnel_report to anon; set local role anon');
          const error = await failure(tx.query(sql));
          await tx.rollback();
          return error.message;
        }),
      );
    expect(denied).toEqual([
      'permission denied for function screen_figures',
      'permission denied for function arm_conversions',
      'permission denied for view step_views',
    ]);
  });
});

describe('leads in the report', () => {
  it('counts a completed lead, never a partial one (an email left before the form was sent)', async () => {
    const flow = `partial-check-${randomUUID().slice(0, 8)}`;
    const [full, partial] = [randomUUID(), randomUUID()];
    for (const session of [full, partial]) {
      await read(
        `insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id)
         values ($1, $2, 'quiz_email', 1, now(), $3)`,
        [randomUUID(), session, flow],
      );
    }
    await read(
      `insert into public.quiz_completions (id, session_id, name, email, submitted_at, partial)
       values ($1, $2, 'Ann', 'ann@example.com', now(), false), ($3, $4, null, 'bo@example.com', now(), true)`,
      [randomUUID(), full, randomUUID(), partial],
    );
    const rows = await read<{ arm: string; sessions: number; leads: number }>(
      'select arm, sessions, leads from funnel_report.arm_conversions(p_flow => $1)',
      [flow],
    );
    expect(rows).toEqual([{ arm: 'all', sessions: 2, leads: 1 }]);
  });
});

/** Step views of one session, a second apart, in the order given. */
async function walk(flow: string, steps: readonly string[], variants?: unknown): Promise<string> {
  const session = randomUUID();
  for (const [index, step] of steps.entries())
    await read(
      `insert into public.quiz_step_tracking (event_id, session_id, step_name, step_number, visited_at, flow_id, variants)
       values ($1, $2, $3, 1, timestamptz '2026-11-20T10:00:00Z' + make_interval(secs => $4), $5, $6)`,
      [randomUUID(), session, step, index, flow, variants === undefined ? null : JSON.stringify(variants)],
    );
  return session;
}

describe('success exits (issue 27 point 7)', () => {
  it('counts a session that ends on a declared success exit as a conversion, not a drop-off', async () => {
    const json = JSON.parse(readFileSync('flows/shoe-finder.json', 'utf8')) as {
      id: string;
      screens: Record<string, { track?: Record<string, unknown> }>;
    };
    json.id = `goal-check-${randomUUID().slice(0, 8)}`;
    const go = json.screens['go'];
    if (!go) throw new Error('the shoe finder has no "go" screen');
    go.track = { journey: 'went_to_shop', step: 'finder_partner', goal: true };
    const flow = loadFlow(JSON.stringify(json));
    await walk(flow.id, ['finder_distance', 'finder_partner']);
    await walk(flow.id, ['finder_distance', 'finder_partner']);
    await walk(flow.id, ['finder_distance']);
    const figures = await readFigures(async (sql, params) => read(sql, params), flow);
    const partner = figures.overall.mainPath.find((screen) => screen.step === 'finder_partner');
    expect(partner).toMatchObject({ reached: 2, continued: 2, dropOff: 0 });
    expect(figures.overall).toMatchObject({ sessions: 3, successes: 2 });
    const distance = figures.overall.mainPath.find((screen) => screen.step === 'finder_distance');
    expect(distance).toMatchObject({ reached: 3, continued: 2 });
  });
});

describe('one population per report', () => {
  it("an arm's header counts the same sessions as its screen table", async () => {
    const flow = `arms-check-${randomUUID().slice(0, 8)}`;
    const variants = { 'head-test': { variant: 'bold', override: false } };
    const sessions = [];
    for (let n = 0; n < 5; n++) sessions.push(await walk(flow, ['a_first', 'a_second'], variants));
    // Only three of the five sessions reached the screen the variant changes.
    for (const session of sessions.slice(0, 3))
      await rpc('track_exposure', {
        ...exposure(),
        session_id: session,
        experiment: 'head-test',
        variant: 'bold',
        screen: 'second',
      });
    const screens = await read<{ step_name: string; reached: number }>(
      `select step_name, reached from funnel_report.screen_figures('head-test', p_flow => $1) order by step_name`,
      [flow],
    );
    const [arm] = await read<{ sessions: number }>(
      `select sessions from funnel_report.arm_conversions('head-test', p_flow => $1)`,
      [flow],
    );
    const [exposed] = await read<{ sessions: number }>(
      `select sessions from funnel_report.arm_conversions('head-test', p_flow => $1, p_exposed_only => true)`,
      [flow],
    );
    expect(screens).toEqual([
      { step_name: 'a_first', reached: 5 },
      { step_name: 'a_second', reached: 5 },
    ]);
    expect(arm?.sessions).toBe(5);
    // The verdict's population: the sessions that reached the changed screen.
    expect(exposed?.sessions).toBe(3);
  });
});

describe('the multiple-exposure check', () => {
  it('counts a session seen in two arms of an experiment, and not one seen in one', async () => {
    const flow = `twice-check-${randomUUID().slice(0, 8)}`;
    const experiment = `twice-${randomUUID().slice(0, 8)}`;
    const one = await walk(flow, ['t_first'], { [experiment]: { variant: 'bold', override: false } });
    const two = await walk(flow, ['t_first'], { [experiment]: { variant: 'bold', override: false } });
    await rpc('track_exposure', { ...exposure(), session_id: one, experiment, variant: 'bold' });
    await rpc('track_exposure', { ...exposure(), session_id: two, experiment, variant: 'control' });
    const [row] = await read<{ n: number }>('select funnel_report.multiple_exposures($1, p_flow => $2) as n', [
      experiment,
      flow,
    ]);
    expect(row?.n).toBe(1);
  });
});

describe('conversion by source and device', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
  const TAB = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36';
  const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

  it('stores each session device class from its user agent', async () => {
    const rows = await read<{ device_class: string }>(
      `select funnel_private.device_class(ua) as device_class from unnest($1::text[]) as ua`,
      [[IPHONE, IPAD, TAB, PC, '']],
    );
    expect(rows.map((row) => row.device_class)).toEqual(['phone', 'tablet', 'tablet', 'desktop', 'unknown']);
  });

  it('counts sessions and leads per utm_source, utm_campaign and device', async () => {
    const flow = `source-check-${randomUUID().slice(0, 8)}`;
    const visits: [string, string, string, boolean][] = [
      ['meta', 'spring', IPHONE, true],
      ['meta', 'spring', IPHONE, false],
      ['google', 'brand', PC, true],
    ];
    for (const [source, campaign, agent, lead] of visits) {
      const session = await walk(flow, ['s_first']);
      await rpc('track_journey_step', {
        session_id: session,
        step: 'quiz_started',
        user_agent: agent,
        campaign: { utm_source: source, utm_campaign: campaign },
      });
      if (lead)
        await read(
          `insert into public.quiz_completions (id, session_id, name, email, submitted_at) values ($1, $2, 'A', 'a@example.com', now())`,
          [randomUUID(), session],
        );
    }
    await walk(flow, ['s_first']);
    const by = (dimension: string) =>
      read(`select value, sessions, leads from funnel_report.conversions_by($1, p_flow => $2)`, [dimension, flow]);
    expect(await by('utm_source')).toEqual([
      { value: 'meta', sessions: 2, leads: 1 },
      { value: '(none)', sessions: 1, leads: 0 },
      { value: 'google', sessions: 1, leads: 1 },
    ]);
    expect(await by('utm_campaign')).toEqual([
      { value: 'spring', sessions: 2, leads: 1 },
      { value: '(none)', sessions: 1, leads: 0 },
      { value: 'brand', sessions: 1, leads: 1 },
    ]);
    expect(await by('device')).toEqual([
      { value: 'phone', sessions: 2, leads: 1 },
      { value: 'desktop', sessions: 1, leads: 1 },
      { value: 'unknown', sessions: 1, leads: 0 },
    ]);
  });
});
