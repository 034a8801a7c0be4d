/**
 * The lead keeps its flow's computed results (issue 27, migration 20261127004000_lead_result.sql):
 * save_quiz_completion's `result` is stored in quiz_completions.result, typed and size-checked like
 * `answers`, and a refusal names the field (SQLSTATE 22023).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { failure, sqlKit, type Args } from './sql-test-kit.ts';

let db: PGlite;
beforeAll(async () => {
  db = await openDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { rpc, read } = sqlKit(() => db);

const lead = (extra: Args = {}): Args & { id: string; session_id: string } => ({
  id: randomUUID(),
  session_id: randomUUID(),
  name: 'Ann',
  email: 'ann@example.com',
  answers: { distance: 'long' },
  flow_id: 'shoe-finder',
  flow_version: 1,
  ...extra,
});

const stored = async (id: string) =>
  (await read<{ result: unknown }>('select result from public.quiz_completions where id = $1', [id]))[0]
    ?.result;

describe('save_quiz_completion: result', () => {
  it('stores the computed results with the lead', async () => {
    const args = lead({
      result: { cushionScore: 7, tier: 'max', shoeCode: 'SL-MAX', 'overview.volume': 0.5 },
    });
    await expect(rpc('save_quiz_completion', args)).resolves.toBe(args.id);
    expect(await stored(args.id)).toEqual({
      cushionScore: 7,
      tier: 'max',
      shoeCode: 'SL-MAX',
      'overview.volume': 0.5,
    });
  });

  it('keeps a lead without results (an older page) as before: result is null', async () => {
    const args = lead();
    await rpc('save_quiz_completion', args);
    expect(await stored(args.id)).toBeNull();
  });

  it('fills the result when a partial lead is upgraded by the full one', async () => {
    const partial = lead({ partial: true, name: null });
    await rpc('save_quiz_completion', partial);
    const full = lead({ session_id: partial.session_id, result: { skinAge: 68.8, hormonalLikelihood: 84 } });
    await rpc('save_quiz_completion', full);
    const rows = await read('select id, result, partial from public.quiz_completions where session_id = $1', [
      partial.session_id,
    ]);
    expect(rows).toEqual([
      { id: full.id, result: { skinAge: 68.8, hormonalLikelihood: 84 }, partial: false },
    ]);
  });

  it.each([
    ['a list', ['skinAge'], 'result: must be an object of computed results'],
    ['a text', 'skinAge', 'result: must be an object of computed results'],
    ['a nested object', { skinAge: { value: 1 } }, 'result.skinAge: must be a number, a text or true/false'],
    ['a list value', { tiers: [1, 2] }, 'result.tiers: must be a number, a text or true/false'],
    ['a long text', { blurb: 'x'.repeat(501) }, 'result.blurb: must be at most 500 characters'],
    ['an unsafe name', { 'drop table; --': 1 }, 'result: names must be computation names'],
    ['more than 4 KB', { blurb: 'x'.repeat(400), ...bigResult() }, 'result: must be at most 4 KB'],
    ['more than 50 results', manyResults(51), 'result: must have at most 50 results'],
  ])('refuses %s, naming the field', async (_what, result, message) => {
    const args = lead({ result });
    const refused = await failure(rpc('save_quiz_completion', args));
    expect(refused.code).toBe('22023');
    expect(refused.message).toContain(message);
    expect(await read('select id from public.quiz_completions where id = $1', [args.id])).toEqual([]);
  });

  it('the table itself refuses a result that is not an object, whoever writes it', async () => {
    const args = lead();
    await rpc('save_quiz_completion', args);
    await expect(
      read(`update public.quiz_completions set result = '[1]' where id = $1`, [args.id]),
    ).rejects.toThrow(/quiz_completions_result_check/);
  });

  it('anon may call the new signature, authenticated may not', async () => {
    const rows = await read<{ anon: boolean; authenticated: boolean }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = 'save_quiz_completion'`,
    );
    expect(rows).toEqual([{ anon: true, authenticated: false }]);
  });
});

function bigResult(): Args {
  return Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`text${i}`, 'y'.repeat(400)]));
}

function manyResults(count: number): Args {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`r${i}`, i]));
}
