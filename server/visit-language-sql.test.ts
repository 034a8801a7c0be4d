// @vitest-environment node
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
