/**
 * Issue 28 on the real migrations (PGlite), acting as anon: a recorded ad-consent refusal holds against
 * any later claim, for every Meta event the queue takes; the journey row follows the lead row; the
 * session-scoped values anon can write stay within what the funnel can produce; an over-long email is
 * told it is too long.
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
const { rpc, read } = sqlKit(() => db);

const meta = (consent: string) => ({
  consent,
  event_time: 1_795_000_000,
  event_source_url: 'https://funnel.example.com/contact',
});
const lead = (session_id: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  session_id,
  name: 'Ann Lee',
  email: 'ann@example.com',
  ...extra,
});
const queued = (session: string) =>
  read<{ event_name: string; consent: string }>(
    'select event_name, consent from funnel_private.meta_events where session_id = $1 order by id',
    [session],
  );

/** Every event name the queue's check constraint allows (other branches may add some). */
async function eventNames(): Promise<string[]> {
  const [row] = await read<{ definition: string }>(
    `select pg_get_constraintdef(c.oid) as definition from pg_constraint c
      where c.conrelid = 'funnel_private.meta_events'::regclass and c.contype = 'c'
        and pg_get_constraintdef(c.oid) like '%event_name%'`,
  );
  return [...(row?.definition ?? '').matchAll(/'([A-Za-z]+)'::text/g)].flatMap((match) => match[1] ?? []);
}

describe('the strictest consent wins', () => {
  it.each(['granted', 'not-needed', 'pending'])(
    'a refusal holds against a Lead and a CompleteRegistration that claim %s',
    async (claim) => {
      const session = randomUUID();
      await rpc('record_ad_consent', { session_id: session, consent: 'denied' });
      const args = lead(session, { meta: meta(claim) });
      await rpc('save_quiz_completion', args);
      await rpc('record_final_click', { session_id: session, lead_id: args.id, meta: meta(claim) });
      expect(await queued(session)).toEqual([]);
      expect(await read('select ad_consent from public.quiz_completions where id = $1', [args.id])).toEqual([
        { ad_consent: 'denied' },
      ]);
    },
  );

  it('a refusal holds against every event name the queue takes, whatever it claims', async () => {
    const names = await eventNames();
    expect(names).toEqual(expect.arrayContaining(['Lead', 'CompleteRegistration']));
    for (const name of names) {
      for (const claim of ['granted', 'not-needed', 'pending']) {
        const session = randomUUID();
        await rpc('record_ad_consent', { session_id: session, consent: 'denied' });
        await db.query(
          `select funnel_private.queue_meta_event($1, $2, $3, 'ann@example.com', 'Ann', $4::jsonb)`,
          [name, randomUUID(), session, JSON.stringify(meta(claim))],
        );
        expect({ name, claim, rows: await queued(session) }).toEqual({ name, claim, rows: [] });
      }
    }
  });

  it('a refusal recorded after the events were queued deletes the undelivered ones', async () => {
    const session = randomUUID();
    const args = lead(session, { meta: meta('granted') });
    await rpc('save_quiz_completion', args);
    await rpc('record_final_click', { session_id: session, lead_id: args.id, meta: meta('granted') });
    expect((await queued(session)).map((row) => row.event_name)).toEqual(['Lead', 'CompleteRegistration']);
    await rpc('record_ad_consent', { session_id: session, consent: 'denied' });
    expect(await queued(session)).toEqual([]);
    expect(await read('select ad_consent from public.quiz_completions where id = $1', [args.id])).toEqual([
      { ad_consent: 'denied' },
    ]);
  });

  it('a grant still releases a held event, and a session with no decision keeps its claim', async () => {
    const [held, open] = [randomUUID(), randomUUID()];
    await rpc('save_quiz_completion', lead(held, { meta: meta('pending') }));
    await rpc('record_ad_consent', { session_id: held, consent: 'granted' });
    await rpc('save_quiz_completion', lead(open, { meta: meta('granted') }));
    expect(await queued(held)).toEqual([{ event_name: 'Lead', consent: 'granted' }]);
    expect(await queued(open)).toEqual([{ event_name: 'Lead', consent: 'granted' }]);
  });
});

const journey = (session: string) =>
  read<{ completed_form: boolean; clicked_final_cta: boolean }>(
    'select completed_form, clicked_final_cta from public.user_journey_sessions where session_id = $1',
    [session],
  );

describe('the journey row follows the lead row', () => {
  it('a saved lead completes the form; its final click marks the journey clicked', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started' });
    const args = lead(session);
    await rpc('save_quiz_completion', args);
    expect(await journey(session)).toEqual([{ completed_form: true, clicked_final_cta: false }]);
    await rpc('record_final_click', { session_id: session, email: args.email });
    expect(await read('select clicked_final_cta from public.quiz_completions where id = $1', [args.id])).toEqual([
      { clicked_final_cta: true },
    ]);
    expect(await journey(session)).toEqual([{ completed_form: true, clicked_final_cta: true }]);
  });

  it('a partial lead completes nothing', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started' });
    await rpc('save_quiz_completion', lead(session, { name: null, partial: true }));
    expect(await journey(session)).toEqual([{ completed_form: false, clicked_final_cta: false }]);
  });
});

describe('session values stay within what the funnel can produce', () => {
  const minutes = async (session: string) =>
    (
      await read<{ minutes: number }>(
        'select time_spent_minutes::float8 as minutes from public.user_journey_sessions where session_id = $1',
        [session],
      )
    )[0]?.minutes;
  const startedAgo = (session: string, mins: number) =>
    db.query(
      `update public.user_journey_sessions set created_at = now() - make_interval(mins => $2) where session_id = $1`,
      [session, mins],
    );

  it('time spent never exceeds the session age (plus a minute), so 1440 cannot be set at once', async () => {
    const session = randomUUID();
    await rpc('track_session_time', { session_id: session, time_spent_minutes: 1440 });
    expect(await minutes(session)).toBeLessThanOrEqual(1.01);
    await startedAgo(session, 30);
    await rpc('track_session_time', { session_id: session, time_spent_minutes: 1440 });
    const capped = await minutes(session);
    expect(capped).toBeGreaterThanOrEqual(30.9);
    expect(capped).toBeLessThanOrEqual(31.1);
    // Repeating the call adds nothing: the bound is the age, not the age per call.
    await rpc('track_session_time', { session_id: session, time_spent_minutes: 1440 });
    expect(await minutes(session)).toBeLessThanOrEqual(31.1);
    await rpc('track_session_time', { session_id: session, time_spent_minutes: 12.5 });
    expect(await minutes(session)).toBe(capped);
  });

  it('a real session reports its real minutes', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started' });
    await startedAgo(session, 20);
    await rpc('track_session_time', { session_id: session, time_spent_minutes: 19.5 });
    expect(await minutes(session)).toBe(19.5);
  });

  it('clicked_final_cta is refused to a session that saved no lead, on the journey and the assessment', async () => {
    const [session, assessment] = [randomUUID(), randomUUID()];
    await rpc('track_journey_step', { session_id: session, step: 'final_cta_clicked' });
    await rpc('record_final_click', { session_id: session, assessment_id: assessment });
    expect(await journey(session)).toEqual([{ completed_form: false, clicked_final_cta: false }]);
    expect(await read('select clicked_final_cta from public.user_assessments where id = $1', [assessment])).toEqual([
      { clicked_final_cta: false },
    ]);
    await rpc('save_quiz_completion', lead(session));
    await rpc('track_journey_step', { session_id: session, step: 'final_cta_clicked' });
    await rpc('record_final_click', { session_id: session, assessment_id: assessment });
    expect(await journey(session)).toEqual([{ completed_form: true, clicked_final_cta: true }]);
    expect(await read('select clicked_final_cta from public.user_assessments where id = $1', [assessment])).toEqual([
      { clicked_final_cta: true },
    ]);
  });
});

describe('an over-long email', () => {
  it('is refused as too long, with the field named', async () => {
    const email = `${'a'.repeat(300)}@example.com`;
    expect(await failure(rpc('save_quiz_completion', lead(randomUUID(), { email })))).toMatchObject({
      code: '22023',
      message: 'email: is too long: an email address has at most 254 characters',
      detail: 'email',
    });
  });
});
