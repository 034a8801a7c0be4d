/**
 * Migration 20261127005000_visit_language.sql (issue 32 point 4): the visit's language is stored on each
 * step view, each lead (partial and full) and each queued Conversions API event; a bad tag is refused
 * with the field named (22023), and an older page that sends none still writes its rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import { failure, sqlKit, type Args } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { rpc, read } = sqlKit(() => db);

const view = (extra: Args = {}): Args & { event_id: string; session_id: string } => ({
  event_id: randomUUID(),
  session_id: randomUUID(),
  step_name: 'quiz-age',
  step_number: 1,
  flow_id: 'skin-funnel',
  ...extra,
});

const lead = (extra: Args = {}): Args & { id: string; session_id: string } => ({
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

describe('the visit language on the records', () => {
  it('stores the language of a step view, and null from a page that sends none', async () => {
    const spanish = view({ language: 'es' });
    const older = view();
    await rpc('track_step_view', spanish);
    await rpc('track_step_view', older);
    const rows = await read<{ event_id: string; language: string | null }>(
      'select event_id, language from public.quiz_step_tracking where event_id = any($1::uuid[]) order by language nulls last',
      [[spanish.event_id, older.event_id]],
    );
    expect(rows).toEqual([
      { event_id: spanish.event_id, language: 'es' },
      { event_id: older.event_id, language: null },
    ]);
  });

  it('stores the language of a lead, keeps it when a partial lead is upgraded, and gives it to the Meta event', async () => {
    const partial = lead({ partial: true, name: null, language: 'pt-BR' });
    await rpc('save_quiz_completion', partial);
    const full = { ...partial, id: randomUUID(), partial: false, name: 'Ana', language: undefined, meta };
    await rpc('save_quiz_completion', full);
    const leads = await read('select id, language, partial from public.quiz_completions where session_id = $1', [
      partial.session_id,
    ]);
    expect(leads).toEqual([{ id: full.id, language: 'pt-BR', partial: false }]);
    const events = await read('select event_name, language from funnel_private.meta_events where session_id = $1', [
      partial.session_id,
    ]);
    expect(events).toEqual([{ event_name: 'Lead', language: 'pt-BR' }]);
  });

  it('gives a Meta event the language of its session\'s step views when the lead has none', async () => {
    const session = randomUUID();
    await rpc('track_step_view', view({ session_id: session, language: 'ar' }));
    await rpc('save_quiz_completion', lead({ session_id: session, meta }));
    const events = await read('select language from funnel_private.meta_events where session_id = $1', [session]);
    expect(events).toEqual([{ language: 'ar' }]);
  });

  it('names the language in the lead a webhook sink receives', async () => {
    const flow = `lang-${randomUUID().slice(0, 8)}`;
    const args = lead({ flow_id: flow, language: 'es' });
    await rpc('save_quiz_completion', args);
    const [job] = await read<{ lead: Record<string, unknown> }>(
      'select lead from public.lead_webhook_claim(10, 60, array[$1], now())',
      [flow],
    );
    expect(job?.lead).toMatchObject({ leadId: args.id, flowId: flow, language: 'es' });
  });

  it.each([
    ['track_step_view', view, 'ES'],
    ['track_step_view', view, 'english'],
    ['track_step_view', view, 'es_MX'],
    ['save_quiz_completion', lead, 'e'],
    ['save_quiz_completion', lead, `en-${'x'.repeat(40)}`],
  ] as const)('%s refuses the language %j by name (22023)', async (fn, build, language) => {
    const refused = await failure(rpc(fn, build({ language })));
    expect(refused.code).toBe('22023');
    expect(refused.message).toMatch(/^language: must be (a BCP 47 language tag|at most 35 characters)/);
  });

  it('refuses a language that is not text', async () => {
    expect(await failure(rpc('track_step_view', view({ language: 7 })))).toMatchObject({
      code: '22023',
      message: expect.stringMatching(/^language: /) as unknown,
    });
  });
});

// Issue 42: a language the flow does not ship ("xx") is refused by name, not stored. Last in this file:
// once a flow registers its languages, rows of unregistered flows are judged by every registered list.
describe('the languages a flow ships (migration 20261129001210_flow_languages.sql)', () => {
  const flow = `ships-${randomUUID().slice(0, 8)}`;

  it('takes the registration from the service role only', async () => {
    expect(await failure(rpc('register_flow_languages', { flow_id: flow, languages: ['en', 'es'] }))).toMatchObject({
      code: '42501',
    });
    await rpc('register_flow_languages', { flow_id: flow, languages: ['en', 'es'] }, 'service_role');
    expect(await read('select languages from funnel_private.flow_languages where flow_id = $1', [flow])).toEqual([
      { languages: ['en', 'es'] },
    ]);
  });

  it.each([
    ['track_step_view', view],
    ['save_quiz_completion', lead],
  ] as const)('%s refuses "xx" for a flow that ships en and es, naming the field, and stores nothing', async (fn, build) => {
    const args = build({ flow_id: flow, language: 'xx' });
    expect(await failure(rpc(fn, args))).toMatchObject({
      code: '22023',
      message: 'language: is not a language this flow ships (en, es)',
      detail: 'language',
    });
    const table = fn === 'track_step_view' ? 'quiz_step_tracking' : 'quiz_completions';
    expect(await read(`select 1 from public.${table} where session_id = $1`, [args.session_id])).toEqual([]);
  });

  it('takes the flow\'s languages, with a region too, and refuses "xx" without a flow id as well', async () => {
    const views = [view({ flow_id: flow, language: 'es' }), view({ flow_id: flow, language: 'en-US' })];
    for (const args of views) await rpc('track_step_view', args);
    expect(await read('select language from public.quiz_step_tracking where event_id = any($1::uuid[]) order by language', [
      views.map((args) => args.event_id),
    ])).toEqual([{ language: 'en-US' }, { language: 'es' }]);
    expect(await failure(rpc('track_step_view', view({ flow_id: null, language: 'xx' })))).toMatchObject({
      code: '22023',
      message: expect.stringMatching(/^language: is not a language this flow ships \(.*\ben\b.*\)$/) as unknown,
    });
  });

  it('refuses a registration that is no list of language tags, by name', async () => {
    expect(
      await failure(rpc('register_flow_languages', { flow_id: flow, languages: ['en', 'not a tag'] }, 'service_role')),
    ).toMatchObject({ code: '22023', message: expect.stringMatching(/^languages: must be a BCP 47/) as unknown });
    expect(await failure(rpc('register_flow_languages', { flow_id: flow, languages: [] }, 'service_role'))).toMatchObject({
      code: '22023',
      message: expect.stringMatching(/^languages: must be a non-empty list/) as unknown,
    });
  });
});
