// @vitest-environment node
/**
 * Migration 20261123000500_funnel_report.sql as the browser meets it: track_exposure validates every
 * field and records an exposure once per visitor and experiment; nothing in funnel_report (views,
 * functions) nor the exposures table is readable or executable by anon or authenticated.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { failure, sqlKit } from './sql-test-kit.ts';

let db: PGlite;
beforeAll(async () => {
  db = await openDatabase();
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
