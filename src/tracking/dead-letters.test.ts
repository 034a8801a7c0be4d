/**
 * The dead-letter store: a refused write is kept with why, reported without personal data, bounded,
 * and read back from storage with anything malformed skipped.
 */
import { describe, expect, it } from 'vitest';
import { createDeadLetters, describeFailure } from './dead-letters.ts';
import { createOutbox, type OutboxEntry } from './outbox.ts';
import { RpcError } from './rpc-sender.ts';

const KEY = 'funnel_dead_letters';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

function lead(id: string): OutboxEntry {
  return { id, fn: 'save_quiz_completion', args: { name: 'Jane Secret', email: 'jane.secret@example.com', session_id: 's1' }, attempts: 1, createdAt: 5 };
}

const refusal = () => new RpcError('save_quiz_completion', 400, '22023', 'email: must be an email address like name@example.com');

describe('createDeadLetters', () => {
  it('keeps a refused write with its field and reason, and logs it without personal data', () => {
    const storage = memoryStorage();
    const logs: string[] = [];
    const letters = createDeadLetters({ storage, key: KEY, log: (m) => logs.push(m), now: () => 42 });
    letters.keep(lead('l1'), refusal());
    expect(letters.list()).toEqual([
      { entry: lead('l1'), refusedAt: 42, status: 400, code: '22023', field: 'email', reason: 'must be an email address like name@example.com' },
    ]);
    expect(logs).toEqual([
      "save_quiz_completion was refused (400 22023: email must be an email address like name@example.com); not retried, kept in localStorage 'funnel_dead_letters' (1 kept)",
    ]);
    expect(logs.join()).not.toMatch(/Jane|Secret|jane\.secret/);
    // Another page (a reload, another tab) reads the same letters.
    expect(createDeadLetters({ storage, key: KEY, log: () => undefined }).list()).toHaveLength(1);
  });

  it('is where the outbox puts a 400 instead of dropping it', async () => {
    const storage = memoryStorage();
    const letters = createDeadLetters({ storage, key: KEY, log: () => undefined });
    const outbox = createOutbox({
      storage: null,
      key: 'funnel_outbox',
      send: () => Promise.reject(refusal()),
      onDrop: (entry, error) => void letters.keep(entry, error),
    });
    await expect(outbox.enqueue('save_quiz_completion', lead('l2').args, { id: 'l2' })).rejects.toThrow();
    expect(outbox.pending()).toEqual([]);
    expect(letters.list().map((letter) => [letter.entry.id, letter.entry.args])).toEqual([['l2', lead('l2').args]]);
    outbox.dispose();
  });

  it('keeps at most `limit`, dropping the oldest and saying so', () => {
    const logs: string[] = [];
    const letters = createDeadLetters({ storage: memoryStorage(), key: KEY, log: (m) => logs.push(m), limit: 2 });
    ['a', 'b', 'c'].forEach((id) => letters.keep(lead(id), refusal()));
    expect(letters.list().map((letter) => letter.entry.id)).toEqual(['b', 'c']);
    expect(logs.at(-1)).toMatch(/\(2 kept\); the 1 oldest dropped to stay within 2$/);
  });

  it('forgets what the caller resolved', () => {
    const letters = createDeadLetters({ storage: memoryStorage(), key: KEY, log: () => undefined });
    letters.keep(lead('a'), refusal());
    letters.keep({ ...lead('b'), fn: 'track_step_view' }, refusal());
    letters.forget(({ entry }) => entry.fn === 'save_quiz_completion');
    expect(letters.list().map((letter) => letter.entry.id)).toEqual(['b']);
  });

  it('reads malformed storage as empty and skips malformed letters', () => {
    const storage = memoryStorage();
    storage.items.set(KEY, '{"version":1,');
    const letters = createDeadLetters({ storage, key: KEY, log: () => undefined });
    expect(letters.list()).toEqual([]);
    storage.items.set(KEY, JSON.stringify({ version: 1, letters: [7, { entry: lead('x') }, { entry: lead('y'), refusedAt: 1, status: 400, code: '', field: null, reason: 'HTTP 400' }] }));
    expect(letters.list().map((letter) => letter.entry.id)).toEqual(['y']);
  });
});

describe('describeFailure', () => {
  it.each([
    ['an RPC refusal', refusal(), { status: 400, code: '22023', field: 'email', reason: 'must be an email address like name@example.com' }],
    ['a status without a field', Object.assign(new Error('x'), { status: 404 }), { status: 404, code: '', field: null, reason: 'HTTP 404' }],
    ['a bare error', new TypeError('Failed to fetch'), { status: 0, code: '', field: null, reason: 'TypeError' }],
    ['not an error', 'boom', { status: 0, code: '', field: null, reason: 'unknown error' }],
  ])('describes %s', (_name, error, expected) => expect(describeFailure(error)).toEqual(expected));
});
