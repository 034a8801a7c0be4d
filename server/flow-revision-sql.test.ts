/**
 * Migration 20261129002000_flow_revision.sql (issue 44 point 1): every step view, journey step, partial
 * and full lead and experiment exposure stores the flow revision it was written on; the lead webhook's
 * payload and the queued Conversions API event carry it; a bad revision is refused by name (22023); a
 * page that sends none still writes its rows, as revision `unknown`; and rows written before the
 * migration read as `unknown`, none lost.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISION_PATTERN } from '../common/flow-revision.ts';
import { applyMigrations, readMigrations } from './database.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openEmptyTestDatabase, openTestDatabase } from './test-database.ts';
import { failure, sqlKit, type Args } from './sql-test-kit.ts';

const REVISION_MIGRATION = '20261129002000';
const A = '0123456789ab';
const B = 'ba9876543210';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { rpc, read } = sqlKit(() => db);

const view = (extra: Args = {}): Args => ({
  event_id: randomUUID(),
  session_id: randomUUID(),
  step_name: 'quiz-age',
  step_number: 1,
  flow_id: 'skin-funnel',
  ...extra,
});
const journey = (extra: Args = {}): Args => ({ session_id: randomUUID(), step: 'quiz_started', flow_id: 'skin-funnel', ...extra });
const exposure = (extra: Args = {}): Args => ({
  event_id: randomUUID(),
  visitor_id: randomUUID(),
  session_id: randomUUID(),
  experiment: 'cliff-headline',
  variant: 'control',
  screen: 'cliff-education',
  ...extra,
});
const lead = (extra: Args = {}): Args => ({
  id: randomUUID(),
  session_id: randomUUID(),
  name: 'Ana',
  email: 'ana@example.com',
  answers: {},
  flow_id: 'shoe-finder',
  flow_version: 1,
  ...extra,
});
const meta = { consent: 'not-needed', event_time: 1_790_000_000, event_source_url: 'https://example.com/' };

describe('the flow revision on the records', () => {
  it('stores the revision of a step view, and unknown from a page that sends none', async () => {
    const stamped = view({ revision: A });
    const older = view();
    await rpc('track_step_view', stamped);
    await rpc('track_step_view', older);
    const rows = await read('select event_id, revision from public.quiz_step_tracking where event_id = any($1::uuid[]) order by revision', [
      [stamped['event_id'], older['event_id']],
    ]);
    expect(rows).toEqual([
      { event_id: stamped['event_id'], revision: A },
      { event_id: older['event_id'], revision: 'unknown' },
    ]);
  });

  it("keeps a session's first known revision on its journey row, as it keeps the first campaign", async () => {
    const session = randomUUID();
    await rpc('track_journey_step', journey({ session_id: session }));
    await rpc('track_journey_step', journey({ session_id: session, step: 'photo_upload', revision: A }));
    await rpc('track_journey_step', journey({ session_id: session, step: 'analysis', revision: B }));
    expect(await read('select revision from public.user_journey_sessions where session_id = $1', [session])).toEqual([{ revision: A }]);
  });

  it('stores the revision of an exposure', async () => {
    const args = exposure({ revision: B });
    await rpc('track_exposure', args);
    await rpc('track_exposure', exposure());
    expect(await read('select revision from public.experiment_exposures where event_id = $1', [args['event_id']])).toEqual([{ revision: B }]);
  });

  it("stores a lead's revision, takes the full lead's over the partial one's, and gives it to the Meta event and the webhook", async () => {
    const flow = `rev-${randomUUID().slice(0, 8)}`;
    const partial = lead({ flow_id: flow, partial: true, name: null, revision: A });
    await rpc('save_quiz_completion', partial);
    expect(await read('select revision, partial from public.quiz_completions where id = $1', [partial['id']])).toEqual([
      { revision: A, partial: true },
    ]);
    const full = { ...partial, id: randomUUID(), partial: false, name: 'Ana', revision: B, meta };
    await rpc('save_quiz_completion', full);
    expect(await read('select id, revision from public.quiz_completions where session_id = $1', [partial['session_id']])).toEqual([
      { id: full.id, revision: B },
    ]);
    expect(await read('select event_name, revision from funnel_private.meta_events where session_id = $1', [partial['session_id']])).toEqual([
      { event_name: 'Lead', revision: B },
    ]);
    const [job] = await read<{ lead: Record<string, unknown> }>('select lead from public.lead_webhook_claim(10, 60, array[$1], now())', [flow]);
    expect(job?.lead).toMatchObject({ leadId: full.id, flowId: flow, revision: B });
  });

  it("gives a Meta event its session's step-view revision when the lead came from an older page", async () => {
    const session = randomUUID();
    await rpc('track_step_view', view({ session_id: session, revision: A }));
    await rpc('save_quiz_completion', lead({ session_id: session, meta }));
    expect(await read('select revision from funnel_private.meta_events where session_id = $1', [session])).toEqual([{ revision: A }]);
    expect(await read('select revision from public.quiz_completions where session_id = $1', [session])).toEqual([{ revision: 'unknown' }]);
  });

  it.each([
    ['track_step_view', view],
    ['track_journey_step', journey],
    ['track_exposure', exposure],
    ['save_quiz_completion', lead],
  ] as const)('%s refuses a revision that is not one, by name (22023)', async (fn, build) => {
    for (const revision of ['0123456789AB', '0123456789a', 'deadbeefcafe0', 'latest', 12]) {
      // The same rule as the build's (common/flow-revision.ts).
      expect(REVISION_PATTERN.test(String(revision))).toBe(false);
      const refused = await failure(rpc(fn, build({ revision })));
      expect(refused.code).toBe('22023');
      expect(refused.message).toMatch(/^revision: must be (the flow's revision: 12 lower-case hexadecimal digits, or "unknown"|text)$/);
    }
    for (const revision of ['unknown', A]) {
      expect(REVISION_PATTERN.test(revision)).toBe(true);
      await rpc(fn, build({ revision }));
    }
  });
});

describe('records written before the migration', () => {
  it('read as revision unknown once it is applied, every row kept', async () => {
    const old = await openEmptyTestDatabase();
    try {
      const migrations = readMigrations();
      await applyMigrations(old, migrations.filter((m) => m.version < REVISION_MIGRATION));
      const kit = sqlKit(() => old);
      const session = randomUUID();
      await kit.rpc('track_journey_step', journey({ session_id: session }));
      await kit.rpc('track_step_view', view({ session_id: session }));
      await kit.rpc('track_exposure', exposure({ session_id: session }));
      await kit.rpc('save_quiz_completion', lead({ session_id: session, partial: true, name: null }));
      await kit.rpc('save_quiz_completion', lead({ session_id: randomUUID(), meta }));
      // The old functions have no revision argument: an old-style page could not have sent one.
      expect(await failure(kit.rpc('track_step_view', view({ revision: A })))).toMatchObject({ code: '42883' });
      await applyMigrations(old, migrations);
      const revisions = await kit.read<{ source: string; revision: string; n: number }>(`
        select 'views' as source, revision, count(*)::integer as n from public.quiz_step_tracking group by revision
        union all select 'journeys', revision, count(*)::integer from public.user_journey_sessions group by revision
        union all select 'exposures', revision, count(*)::integer from public.experiment_exposures group by revision
        union all select 'leads', revision, count(*)::integer from public.quiz_completions group by revision
        union all select 'meta', revision, count(*)::integer from funnel_private.meta_events group by revision
        order by 1`);
      expect(revisions).toEqual([
        { source: 'exposures', revision: 'unknown', n: 1 },
        // The journey row of the first session, and the one the full lead's session gets by trigger.
        { source: 'journeys', revision: 'unknown', n: 2 },
        { source: 'leads', revision: 'unknown', n: 2 },
        { source: 'meta', revision: 'unknown', n: 1 },
        { source: 'views', revision: 'unknown', n: 1 },
      ]);
      // And the same session goes on with a stamped page after the deploy.
      await kit.rpc('track_step_view', view({ session_id: session, revision: A }));
      expect(await kit.read('select revision from public.quiz_step_tracking where session_id = $1 order by id', [session])).toEqual([
        { revision: 'unknown' },
        { revision: A },
      ]);
    } finally {
      await old.close();
    }
  }, 120_000);
});
