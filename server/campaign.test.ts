/**
 * Campaign capture in the database: the landing URL's UTM parameters and click ids reach the journey
 * session and the quiz completion through the RPCs, first touch wins, and a bad campaign is refused
 * with the field's name.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from './sql-database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-database.ts';
import { failure, sqlKit } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
const { rpc, read } = sqlKit(() => db);

const COLUMNS = 'utm_source, utm_medium, utm_campaign, utm_term, utm_content, fbclid, gclid';
const campaign = {
  utm_source: 'facebook',
  utm_medium: 'paid_social',
  utm_campaign: 'spring-35-65',
  utm_term: 'skin age',
  utm_content: 'video_a',
  fbclid: 'IwAR0abc',
  gclid: 'Cj0KCQ',
};

function lead(sessionId: string, extra: Record<string, unknown>) {
  return { id: randomUUID(), session_id: sessionId, name: 'Ann', email: 'ann@example.com', ...extra };
}

describe('campaign capture', () => {
  it('stores every campaign value on the journey session and the quiz completion', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started', campaign });
    const args = lead(session, { campaign });
    await rpc('save_quiz_completion', args);
    expect(await read(`select ${COLUMNS} from public.user_journey_sessions where session_id = $1`, [session])).toEqual([
      campaign,
    ]);
    expect(await read(`select ${COLUMNS} from public.quiz_completions where id = $1`, [args.id])).toEqual([campaign]);
  });

  it('keeps the first campaign of a session: later steps neither replace nor erase it', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started', campaign: { utm_source: 'first' } });
    await rpc('track_journey_step', { session_id: session, step: 'step_2_skin_issues', campaign: { utm_source: 'second', gclid: 'g1' } });
    await rpc('track_journey_step', { session_id: session, step: 'step_3_change_speed' });
    expect(
      await read(`select utm_source, gclid from public.user_journey_sessions where session_id = $1`, [session]),
    ).toEqual([{ utm_source: 'first', gclid: 'g1' }]);
  });

  it('accepts no campaign at all, as an older page sends it', async () => {
    const session = randomUUID();
    await rpc('track_journey_step', { session_id: session, step: 'quiz_started', user_agent: 'UA', referrer: null });
    const args = lead(session, {});
    expect(await rpc('save_quiz_completion', args)).toBe(args.id);
    expect(await read(`select utm_source, fbclid from public.quiz_completions where id = $1`, [args.id])).toEqual([
      { utm_source: null, fbclid: null },
    ]);
  });

  it('trims values and stores a blank one as absent', async () => {
    const args = lead(randomUUID(), { campaign: { utm_source: '  news  ', utm_medium: '   ' } });
    await rpc('save_quiz_completion', args);
    expect(await read(`select utm_source, utm_medium from public.quiz_completions where id = $1`, [args.id])).toEqual([
      { utm_source: 'news', utm_medium: null },
    ]);
  });

  it.each([
    ['a list', ['facebook'], 'campaign', 'campaign: must be an object of campaign parameters'],
    ['text', 'utm_source=facebook', 'campaign', 'campaign: must be an object of campaign parameters'],
    ['an unknown key', { utm_source: 'x', evil: 'y' }, 'campaign', 'campaign: unknown parameter "evil"'],
    ['a number value', { utm_source: 7 }, 'campaign.utm_source', 'campaign.utm_source: must be text'],
    ['a long value', { fbclid: 'x'.repeat(501) }, 'campaign.fbclid', 'campaign.fbclid: must be at most 500 characters'],
    ['a control character', { utm_term: 'a\u0000b'.replace('\u0000', '\u0007') }, 'campaign.utm_term', 'campaign.utm_term: must not contain control characters'],
  ])('refuses %s with the field named', async (_case, value, field, message) => {
    for (const [fn, args] of [
      ['track_journey_step', { session_id: randomUUID(), step: 'quiz_started', campaign: value }],
      ['save_quiz_completion', lead(randomUUID(), { campaign: value })],
    ] as const) {
      const error = await failure(rpc(fn, args));
      expect(error, fn).toMatchObject({ code: '22023', detail: field });
      expect(error.message, fn).toContain(message);
    }
  });

  it('leaves exactly one of each function, and anon may call the new ones', async () => {
    const rows = await read<{ name: string; args: string; anon: boolean }>(
      `select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
              has_function_privilege('anon', p.oid, 'EXECUTE') as anon
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname in ('track_journey_step', 'save_quiz_completion') order by 1`,
    );
    expect(rows.map((row) => [row.name, row.args.split(',').length, row.anon])).toEqual([
      // Migration 20261129002000 added the trailing `revision` to both.
      ['save_quiz_completion', 20, true],
      ['track_journey_step', 9, true],
    ]);
  });
});
