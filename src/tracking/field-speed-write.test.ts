/**
 * A field speed reading as an outbox entry: the arguments track_field_speed takes (validated by name on
 * the server), its id as the event id (a retry is one row), and a refused write kept in the
 * dead-letter store, not dropped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDeadLetters } from './dead-letters.ts';
import {
  fieldSpeedArgs,
  fieldSpeedWrites,
  fieldValue,
  type FieldSpeedPageFacts,
} from './field-speed-write.ts';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';
import { RpcError } from './rpc-sender.ts';
import { writeLane } from './write-lanes.ts';

const SESSION = '11111111-1111-4111-8111-111111111111';
const READING = {
  id: '33333333-3333-4333-8333-333333333333',
  screen: 'quiz-age',
  metric: 'INP' as const,
  value: 1043.27,
};

function page(overrides: Partial<FieldSpeedPageFacts> = {}): FieldSpeedPageFacts {
  return {
    width: () => 390,
    mobile: () => undefined,
    connection: () => '4g',
    language: () => 'es',
    ...overrides,
  };
}

const outboxes: Outbox[] = [];
afterEach(() => outboxes.splice(0).forEach((outbox) => outbox.dispose()));

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('field speed writes', () => {
  it('sends each reading with its screen, metric, device, connection, flow, revision and language', () => {
    const options = { sessionId: SESSION, flow: { id: 'demo-flow', revision: '0123456789ab' }, page: page() };
    expect(fieldSpeedArgs(READING, options)).toEqual({
      event_id: READING.id,
      session_id: SESSION,
      screen: 'quiz-age',
      metric: 'INP',
      value: 1043.3,
      device: 'mobile',
      connection: '4g',
      flow_id: 'demo-flow',
      revision: '0123456789ab',
      language: 'es',
    });
    // What the browser lacks (or the RPC would refuse) is left out: the backend records `unknown`.
    const bare = fieldSpeedArgs(
      { ...READING, metric: 'CLS', value: 0.123456 },
      {
        sessionId: SESSION,
        flow: { id: 'demo-flow' },
        page: page({
          width: () => 1280,
          mobile: () => true,
          connection: () => undefined,
          language: () => 'not a tag',
        }),
      },
    );
    expect(bare).toEqual({
      event_id: READING.id,
      session_id: SESSION,
      screen: 'quiz-age',
      metric: 'CLS',
      value: 0.1235,
      device: 'mobile',
      flow_id: 'demo-flow',
    });
    expect(
      fieldSpeedArgs(READING, { ...options, page: page({ width: () => 1280, connection: () => 'wifi' }) }),
    ).not.toHaveProperty('connection');
    expect(fieldSpeedArgs(READING, { ...options, page: page({ width: () => 1280 }) }).device).toBe('desktop');
  });

  it('keeps values within what the RPC takes', () => {
    expect(fieldValue({ metric: 'LCP', value: 9e9 })).toBe(600_000);
    expect(fieldValue({ metric: 'CLS', value: 250 })).toBe(100);
    expect(fieldValue({ metric: 'INP', value: -3 })).toBe(0);
    expect(fieldValue({ metric: 'INP', value: Number.NaN })).toBe(0);
  });

  it('queues one entry per reading, its id the event id, standing alone, and retries it under that id', async () => {
    const tries: OutboxEntry[] = [];
    const outbox = createOutbox({
      storage: null,
      key: 'funnel_outbox',
      random: () => 0,
      baseDelayMs: 1,
      laneOf: writeLane,
      send: async (entry) => {
        tries.push(entry);
        if (tries.length === 1) throw new TypeError('Failed to fetch');
      },
    });
    outboxes.push(outbox);
    const logs: string[] = [];
    const write = fieldSpeedWrites({
      outbox,
      sessionId: SESSION,
      flow: { id: 'demo-flow' },
      page: page(),
      log: (m) => logs.push(m),
    });
    write(READING);
    write(READING); // the same reading again adds nothing while it is queued
    expect(outbox.pending()).toHaveLength(1);
    expect(writeLane(outbox.pending()[0]!)).toBe(`alone:${READING.id}`);
    await expect.poll(() => tries.length).toBe(2);
    expect(tries.map((entry) => [entry.id, entry.fn, entry.args['event_id']])).toEqual([
      [READING.id, 'track_field_speed', READING.id],
      [READING.id, 'track_field_speed', READING.id],
    ]);
    await expect
      .poll(() => logs)
      .toEqual([
        'Failed to record a field speed reading; it stays queued and will be retried',
        'Failed to record a field speed reading; it stays queued and will be retried',
      ]);
    expect(outbox.pending()).toEqual([]);
  });

  it('keeps a refused reading in the dead-letter store and says so', async () => {
    const storage = memoryStorage();
    const kept: string[] = [];
    const letters = createDeadLetters({ storage, key: 'funnel_dead_letters', log: (m) => kept.push(m) });
    const outbox = createOutbox({
      storage: null,
      key: 'funnel_outbox',
      send: async () => {
        throw new RpcError(
          'track_field_speed',
          400,
          '22023',
          'screen: must use only letters, digits, _ and -',
        );
      },
      onDrop: (entry, error) => void letters.keep(entry, error),
    });
    outboxes.push(outbox);
    const logs: string[] = [];
    fieldSpeedWrites({
      outbox,
      sessionId: SESSION,
      flow: { id: 'demo-flow' },
      page: page(),
      log: (m) => logs.push(m),
    })(READING);
    await expect
      .poll(() => logs)
      .toEqual(['Failed to record a field speed reading; it was refused and kept in the dead-letter store']);
    expect(letters.list().map((letter) => [letter.entry.fn, letter.entry.id, letter.field])).toEqual([
      ['track_field_speed', READING.id, 'screen'],
    ]);
    expect(kept.join()).toMatch(/track_field_speed was refused/);
  });
});
