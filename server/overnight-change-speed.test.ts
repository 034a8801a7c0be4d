/**
 * "It felt like overnight" is stored as 'overnight', the fastest change (issue 33): the lead RPC and the
 * table take it, 'no-significant' stays valid for leads saved before, and anything else is still refused.
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

const lead = (change_speed: string) => ({
  id: randomUUID(),
  session_id: randomUUID(),
  name: 'Ann',
  email: 'ann@example.com',
  change_speed,
});

describe('save_quiz_completion: change_speed', () => {
  it.each(['overnight', '6-12-months', 'no-significant'])('stores %s', async (speed) => {
    const args = lead(speed);
    await expect(rpc('save_quiz_completion', args)).resolves.toBe(args.id);
    expect(await read('select change_speed from public.quiz_completions where id = $1', [args.id])).toEqual([
      { change_speed: speed },
    ]);
  });

  it('still refuses another value, naming the field', async () => {
    expect(await failure(rpc('save_quiz_completion', lead('soon')))).toMatchObject({
      message: expect.stringContaining('change_speed'),
    });
  });
});
