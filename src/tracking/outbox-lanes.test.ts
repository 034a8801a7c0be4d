/**
 * Independent writes don't wait for each other (issue 28): with the lead save's answer lost for 30 s
 * (lie-fi: the server commits, the answer never comes), the step views queued behind it land within
 * ~10 s, the lead's own update (its final click) waits for it, and the lead lands exactly once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';
import { writeLane } from './write-lanes.ts';

const SESSION = '11111111-1111-4111-8111-111111111111';
const created: Outbox[] = [];
const ignore = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  created.splice(0).forEach((outbox) => outbox.dispose());
  vi.useRealTimers();
});

/**
 * A backend behind lie-fi for the first `lostMs`: it commits every lead save it receives (once per id,
 * as save_quiz_completion does) but its answer is never delivered; everything else answers at once.
 */
function lieFiBackend(lostMs: number) {
  const started = Date.now();
  const landed: { fn: string; id: string; at: number }[] = [];
  const leadRows = new Set<string>();
  const send = (entry: OutboxEntry, signal: AbortSignal) => {
    if (entry.fn === 'save_quiz_completion') {
      if (!leadRows.has(entry.id)) landed.push({ fn: entry.fn, id: entry.id, at: Date.now() - started });
      leadRows.add(entry.id);
      if (Date.now() - started < lostMs)
        return new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      return Promise.resolve();
    }
    if (entry.fn === 'record_final_click' && !leadRows.has(String(entry.args['lead_id'])))
      return Promise.reject(Object.assign(new Error('no lead yet'), { status: 400 }));
    landed.push({ fn: entry.fn, id: entry.id, at: Date.now() - started });
    return Promise.resolve();
  };
  return { send, landed, leadRows };
}

function storage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('outbox lanes (writeLane)', () => {
  it('lands step views within ~10 s while the lead answer is lost for 30 s; the lead lands exactly once, its click after it', async () => {
    const backend = lieFiBackend(30_000);
    const onDrop = vi.fn();
    const outbox = createOutbox({
      storage: storage(),
      key: 'k',
      send: backend.send,
      laneOf: writeLane,
      timeoutMs: 10_000,
      random: () => 0.5,
      onDrop,
    });
    created.push(outbox);
    const lead = outbox.enqueue('save_quiz_completion', { session_id: SESSION, email: 'a@b.co' }, { id: 'lead-1' });
    lead.catch(ignore);
    outbox.enqueue('record_final_click', { session_id: SESSION, lead_id: 'lead-1' }).catch(ignore);
    const views = Array.from({ length: 8 }, (_, i) =>
      outbox.enqueue('track_step_view', { session_id: SESSION, step_name: `s${i}` }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    // Every step view landed at once, beside the hung lead (four lanes at a time, each in one tick).
    await Promise.all(views);
    const viewTimes = backend.landed.filter((row) => row.fn === 'track_step_view').map((row) => row.at);
    expect(viewTimes).toHaveLength(8);
    expect(Math.max(...viewTimes)).toBeLessThanOrEqual(10_000);
    // The click waits behind its lead: not sent while the lead's answer is lost.
    expect(backend.landed.map((row) => row.fn)).not.toContain('record_final_click');
    // A view queued in the middle of the outage lands at once too.
    await vi.advanceTimersByTimeAsync(14_000);
    const late = outbox.enqueue('track_step_view', { session_id: SESSION, step_name: 'late' });
    await vi.advanceTimersByTimeAsync(0);
    await late;
    const lateView = backend.landed.at(-1);
    expect(lateView).toMatchObject({ fn: 'track_step_view' });
    expect(lateView?.at).toBeLessThanOrEqual(15_100);
    // After the lie-fi the lead is answered; the click follows; nothing was dropped.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(outbox.pending()).toEqual([]);
    expect(onDrop).not.toHaveBeenCalled();
    expect(backend.landed.filter((row) => row.fn === 'save_quiz_completion')).toHaveLength(1);
    const order = backend.landed.map((row) => row.fn).filter((fn) => fn !== 'track_step_view');
    expect(order).toEqual(['save_quiz_completion', 'record_final_click']);
    expect(backend.landed.find((row) => row.fn === 'record_final_click')?.at).toBeGreaterThanOrEqual(30_000);
  });

  it('puts a lead and its updates in one lane per session, every other write alone', () => {
    const entry = (fn: string, id: string, session = SESSION): OutboxEntry => ({
      id,
      fn,
      args: { session_id: session },
      attempts: 0,
      createdAt: 0,
    });
    const lead = writeLane(entry('save_quiz_completion', 'a'));
    expect(writeLane(entry('record_final_click', 'b'))).toBe(lead);
    expect(writeLane(entry('record_ad_consent', 'c'))).toBe(lead);
    expect(writeLane(entry('save_quiz_completion', 'd', 'other'))).not.toBe(lead);
    const views = ['e', 'f'].map((id) => writeLane(entry('track_step_view', id)));
    expect(new Set([lead, ...views, writeLane(entry('track_journey_step', 'g'))]).size).toBe(4);
  });

  it('sends at most maxLanesInFlight lanes at once', async () => {
    const open: (() => void)[] = [];
    const outbox = createOutbox({
      storage: storage(),
      key: 'k',
      laneOf: writeLane,
      maxLanesInFlight: 2,
      send: () => new Promise<void>((resolve) => open.push(resolve)),
    });
    created.push(outbox);
    const all = Array.from({ length: 5 }, (_, i) => outbox.enqueue('track_step_view', { n: i }));
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveLength(2);
    while (open.length > 0) {
      open.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    }
    await Promise.all(all);
    expect(outbox.pending()).toEqual([]);
  });
});
