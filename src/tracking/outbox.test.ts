// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectOutbox,
  createOutbox,
  isRetryable,
  type Outbox,
  type OutboxEntry,
  type OutboxOptions,
} from './outbox.ts';

const KEY = 'funnel_outbox';
const offline = () => new TypeError('Failed to fetch');
const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}
type MemoryStorage = ReturnType<typeof memoryStorage>;

/** The entries in storage, as a reload would read them. */
function stored(storage: MemoryStorage): unknown {
  return JSON.parse(storage.items.get(KEY) ?? 'null')?.entries;
}

/** A backend that fails the first `failures` tries with `error`, then accepts; it records every try. */
function receiver(failures = 0, error: () => unknown = offline) {
  const tries: { fn: string; at: number }[] = [];
  const delivered: OutboxEntry[] = [];
  const send = vi.fn(async (entry: OutboxEntry) => {
    tries.push({ fn: entry.fn, at: Date.now() });
    if (tries.length <= failures) throw error();
    delivered.push(entry);
  });
  return { send, tries, delivered };
}

/** A backend whose every try stays open until the test settles it. */
function manualReceiver() {
  const calls: { entry: OutboxEntry; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const send = (entry: OutboxEntry) =>
    new Promise<void>((resolve, reject) => calls.push({ entry, resolve, reject }));
  const call = (index: number) => {
    const found = calls[index];
    if (!found) throw new Error(`no send #${index}`);
    return found;
  };
  return { send, calls, call };
}

const created: Outbox[] = [];
function setup(options: Partial<OutboxOptions> & Pick<OutboxOptions, 'send'>) {
  const storage = memoryStorage();
  const onDrop = vi.fn();
  const outbox = createOutbox({ storage, key: KEY, random: () => 0.5, onDrop, ...options });
  created.push(outbox);
  return { outbox, storage, onDrop };
}

const ignore = () => undefined;

/** Runs the task a new entry is sent from, then gives back the enqueue's promise. */
async function sent<T>(promise: Promise<T>): Promise<T> {
  promise.catch(ignore);
  await vi.advanceTimersByTimeAsync(0);
  return promise;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  created.splice(0).forEach((outbox) => outbox.dispose());
  vi.useRealTimers();
});

describe('createOutbox', () => {
  it.each([
    [0.5, [750, 1500, 3000, 6000, 6000, 6000]],
    [0, [500, 1000, 2000, 4000, 4000, 4000]],
    [1, [1000, 2000, 4000, 8000, 8000, 8000]],
  ])('waits d/2 + random·d/2 between tries, d doubling up to the cap (random %s)', async (random, gaps) => {
    const backend = receiver(6, () => httpError(503));
    const { outbox } = setup({
      send: backend.send,
      random: () => random,
      baseDelayMs: 1000,
      maxDelayMs: 8000,
    });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await vi.runAllTimersAsync();
    const times = backend.tries.map((attempt) => attempt.at);
    expect(times.slice(1).map((at, index) => at - (times[index] ?? 0))).toEqual(gaps);
    expect(backend.delivered).toHaveLength(1);
  });

  it('stores the entry at once and sends it from the next task, so a tab closed mid-request loses nothing', async () => {
    const storage = memoryStorage();
    const seen: unknown[] = [];
    const outbox = createOutbox({
      storage,
      key: KEY,
      send: () => (seen.push(stored(storage)), new Promise(ignore)),
    });
    created.push(outbox);
    const entry = expect.objectContaining({
      id: 'lead-1',
      fn: 'save_lead',
      args: { email: 'a@b.c' },
      attempts: 0,
    });
    void outbox.enqueue('save_lead', { email: 'a@b.c' }, { id: 'lead-1' });
    // Stored in the caller's task; the request is not built there (a tap paints its next screen first).
    expect(stored(storage)).toEqual([entry]);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([[entry]]);
  });

  it('gives each entry a random UUID unless the caller passes an id', () => {
    const { outbox } = setup({ send: () => new Promise(ignore) });
    void outbox.enqueue('a', {});
    void outbox.enqueue('b', {}, { id: 'given' });
    const [first, second] = outbox.pending();
    expect(first?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second?.id).toBe('given');
  });

  it('drops a 400 at once: no retry, onDrop called once, entry removed', async () => {
    const error = httpError(400);
    const backend = receiver(Infinity, () => error);
    const { outbox, onDrop, storage } = setup({ send: backend.send });
    await expect(sent(outbox.enqueue('save_lead', { email: 'a@b.c' }, { id: 'lead-1' }))).rejects.toBe(error);
    await vi.runAllTimersAsync();
    expect(backend.send).toHaveBeenCalledTimes(1);
    expect(onDrop).toHaveBeenCalledTimes(1);
    expect(onDrop).toHaveBeenCalledWith(expect.objectContaining({ id: 'lead-1', attempts: 1 }), error);
    expect(outbox.pending()).toEqual([]);
    expect(stored(storage)).toEqual([]);
  });

  it.each([
    ['503', () => httpError(503)],
    ['429', () => httpError(429)],
    ['408', () => httpError(408)],
    ['a network TypeError', offline],
  ])('retries after %s: the first promise rejects, the entry still arrives later', async (_name, error) => {
    const backend = receiver(1, error);
    const { outbox, onDrop, storage } = setup({ send: backend.send });
    await expect(sent(outbox.enqueue('save_lead', { email: 'a@b.c' }))).rejects.toThrow();
    expect(outbox.pending()).toEqual([expect.objectContaining({ attempts: 1 })]);
    expect(stored(storage)).toEqual([expect.objectContaining({ attempts: 1 })]);
    await vi.advanceTimersByTimeAsync(749);
    expect(backend.delivered).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.delivered).toEqual([expect.objectContaining({ args: { email: 'a@b.c' } })]);
    expect(outbox.pending()).toEqual([]);
    // Storage forgets it in a task after the delivery.
    await vi.runAllTimersAsync();
    expect(stored(storage)).toEqual([]);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('tells the waiter of a delivered entry before it takes the entry out of storage, in the next task', async () => {
    const storage = memoryStorage();
    const outbox = createOutbox({ storage, key: KEY, send: () => Promise.resolve() });
    created.push(outbox);
    const storedWhenDelivered: unknown[] = [];
    const delivered = outbox
      .enqueue('save_lead', {}, { id: 'lead-1' })
      .then(() => storedWhenDelivered.push(stored(storage)));
    await vi.advanceTimersToNextTimerAsync();
    await delivered;
    // Kept until then: a reload in between sends it once more, under the same id.
    expect(storedWhenDelivered).toEqual([[expect.objectContaining({ id: 'lead-1' })]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stored(storage)).toEqual([]);
  });

  it('writes a pending removal at once when it is disposed', async () => {
    const backend = manualReceiver();
    const { outbox, storage } = setup({ send: backend.send });
    const delivered = outbox.enqueue('save_lead', {}, { id: 'lead-1' });
    await vi.advanceTimersByTimeAsync(0);
    backend.call(0).resolve();
    await delivered;
    expect(stored(storage)).toEqual([expect.objectContaining({ id: 'lead-1' })]);
    outbox.dispose();
    expect(stored(storage)).toEqual([]);
  });

  it('drops an entry after maxAttempts tries', async () => {
    const backend = receiver(Infinity, () => httpError(503));
    const { outbox, onDrop, storage } = setup({ send: backend.send, maxAttempts: 3 });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await vi.runAllTimersAsync();
    expect(backend.send).toHaveBeenCalledTimes(3);
    expect(onDrop).toHaveBeenCalledOnce();
    expect(onDrop).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: 3 }),
      expect.objectContaining({ status: 503 }),
    );
    expect(stored(storage)).toEqual([]);
  });

  it('survives a reload: outbox B delivers what outbox A failed to send, once', async () => {
    const storage = memoryStorage();
    const a = createOutbox({ storage, key: KEY, send: () => Promise.reject(offline()) });
    await expect(sent(a.enqueue('save_lead', { email: 'a@b.c' }, { id: 'lead-1' }))).rejects.toThrow();
    a.dispose();
    const backend = receiver();
    const b = createOutbox({ storage, key: KEY, send: backend.send });
    created.push(b);
    expect(b.pending()).toEqual([
      expect.objectContaining({ id: 'lead-1', args: { email: 'a@b.c' }, attempts: 1 }),
    ]);
    expect(backend.send).not.toHaveBeenCalled();
    await b.flush();
    await vi.runAllTimersAsync();
    expect(backend.delivered).toEqual([expect.objectContaining({ id: 'lead-1', fn: 'save_lead' })]);
    expect(stored(storage)).toEqual([]);
  });

  it('sends in order, one at a time, and a failing head holds the rest back', async () => {
    const backend = manualReceiver();
    const { outbox } = setup({ send: backend.send });
    const a = outbox.enqueue('a', {});
    const b = outbox.enqueue('b', {});
    const c = outbox.enqueue('c', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.calls.map((call) => call.entry.fn)).toEqual(['a']);
    backend.call(0).reject(offline());
    await expect(a).rejects.toThrow('Failed to fetch');
    await expect(b).rejects.toThrow('Failed to fetch');
    await expect(c).rejects.toThrow('Failed to fetch');
    await vi.advanceTimersByTimeAsync(750);
    backend.call(1).resolve();
    await vi.advanceTimersByTimeAsync(0);
    backend.call(2).resolve();
    await vi.advanceTimersByTimeAsync(0);
    backend.call(3).resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.calls.map((call) => call.entry.fn)).toEqual(['a', 'a', 'b', 'c']);
    expect(outbox.pending()).toEqual([]);
  });

  it('queues an enqueue or flush during a send behind it, never sending an entry twice at once', async () => {
    const backend = manualReceiver();
    const { outbox } = setup({ send: backend.send });
    const first = outbox.enqueue('save_lead', { email: 'a@b.c' }, { dedupeKey: 'lead' });
    const joined = outbox.enqueue('save_lead', { email: 'a@b.c' }, { dedupeKey: 'lead' });
    void outbox.flush();
    const later = outbox.enqueue('final_click', {});
    expect(backend.calls).toHaveLength(1);
    backend.call(0).resolve();
    await expect(first).resolves.toBeUndefined();
    await expect(joined).resolves.toBeUndefined();
    expect(backend.calls.map((call) => call.entry.fn)).toEqual(['save_lead', 'final_click']);
    backend.call(1).resolve();
    await expect(later).resolves.toBeUndefined();
  });

  it('reuses a pending entry with the same dedupeKey: tried at once, delivered exactly once', async () => {
    const backend = receiver(1);
    const { outbox } = setup({ send: backend.send, baseDelayMs: 60_000 });
    await expect(
      sent(outbox.enqueue('save_lead', { email: 'a@b.c' }, { dedupeKey: 'lead' })),
    ).rejects.toThrow();
    const second = outbox.enqueue('save_lead', { email: 'a@b.c' }, { dedupeKey: 'lead' });
    expect(outbox.pending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.send).toHaveBeenCalledTimes(2);
    await expect(second).resolves.toBeUndefined();
    await vi.runAllTimersAsync();
    expect(backend.delivered).toHaveLength(1);
    void outbox.enqueue('save_lead', {}, { dedupeKey: 'lead' });
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.delivered).toHaveLength(2);
  });

  it('rejects the promise of a deduplicated try that fails too', async () => {
    const backend = receiver(2);
    const { outbox } = setup({ send: backend.send });
    await expect(sent(outbox.enqueue('save_lead', {}, { dedupeKey: 'lead' }))).rejects.toThrow();
    await expect(sent(outbox.enqueue('save_lead', {}, { dedupeKey: 'lead' }))).rejects.toThrow();
    expect(outbox.pending()).toHaveLength(1);
  });

  it("keeps the backoff after a flush in the enqueue's task: that pass was its send", async () => {
    const backend = receiver(Infinity);
    const { outbox } = setup({ send: backend.send, maxAttempts: 3 });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await outbox.flush();
    await vi.runAllTimersAsync();
    expect(backend.tries.map((attempt) => attempt.at - (backend.tries[0]?.at ?? 0))).toEqual([0, 750, 2250]);
  });

  it('retries at once when flushed while a failing send is in flight', async () => {
    const backend = manualReceiver();
    const { outbox } = setup({ send: backend.send });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await vi.advanceTimersByTimeAsync(0);
    void outbox.flush();
    backend.call(0).reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.calls).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['a list', '[1,2]'],
    ['null', 'null'],
    [
      'another version',
      JSON.stringify({ version: 2, entries: [{ id: 'x', fn: 'f', args: {}, attempts: 0, createdAt: 1 }] }),
    ],
    ['entries that are not a list', JSON.stringify({ version: 1, entries: { id: 'x' } })],
  ])('treats stored data that is %s as empty', async (_name, raw) => {
    const backend = receiver();
    const storage = memoryStorage();
    storage.items.set(KEY, raw);
    const outbox = createOutbox({ storage, key: KEY, send: backend.send });
    created.push(outbox);
    expect(outbox.pending()).toEqual([]);
    await outbox.flush();
    expect(backend.send).not.toHaveBeenCalled();
    await sent(outbox.enqueue('save_lead', {}));
    expect(backend.delivered).toHaveLength(1);
  });

  it('keeps the valid stored entries and skips malformed or duplicate ones', () => {
    const valid = { id: 'x', fn: 'f', args: { a: 1 }, attempts: 2, createdAt: 5, dedupeKey: 'k' };
    const storage = memoryStorage();
    const entries = [
      valid,
      { ...valid, id: 'y', args: 'no' },
      { ...valid, id: 'z', attempts: -1 },
      { ...valid, fn: 'dup' },
      7,
    ];
    storage.items.set(KEY, JSON.stringify({ version: 1, entries }));
    expect(createOutbox({ storage, key: KEY, send: receiver().send }).pending()).toEqual([valid]);
  });

  it('works when storage throws on read and write', async () => {
    const fail = () => {
      throw new Error('SecurityError');
    };
    const backend = receiver();
    const outbox = createOutbox({ storage: { getItem: fail, setItem: fail }, key: KEY, send: backend.send });
    await sent(outbox.enqueue('save_lead', {}));
    expect(backend.delivered).toHaveLength(1);
  });

  it('stores but does not send an entry enqueued after dispose', async () => {
    const backend = receiver();
    const { outbox, storage } = setup({ send: backend.send });
    outbox.dispose();
    await expect(outbox.enqueue('save_lead', {}, { id: 'late' })).rejects.toThrow('Outbox disposed');
    expect(backend.send).not.toHaveBeenCalled();
    expect(stored(storage)).toEqual([expect.objectContaining({ id: 'late' })]);
  });

  it('restarts the backoff on flush instead of keeping the old timer', async () => {
    const backend = receiver(Infinity);
    const { outbox } = setup({ send: backend.send, maxAttempts: 3 });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await vi.advanceTimersByTimeAsync(100);
    await outbox.flush();
    await vi.runAllTimersAsync();
    expect(backend.tries.map((attempt) => attempt.at - (backend.tries[0]?.at ?? 0))).toEqual([0, 100, 1600]);
  });

  it('gives up on a try after timeoutMs: aborts it, and retries the same entry with the same id', async () => {
    const signals: AbortSignal[] = [];
    const sent: OutboxEntry[] = [];
    // The first try is committed but never answered (a lie-fi connection held open); later tries answer.
    const send = (entry: OutboxEntry, signal: AbortSignal) => {
      sent.push(entry);
      signals.push(signal);
      return sent.length === 1 ? new Promise<void>(ignore) : Promise.resolve();
    };
    const { outbox, onDrop } = setup({ send, timeoutMs: 10_000 });
    const lead = outbox.enqueue('save_lead', { email: 'a@b.c' }, { id: 'lead-1' });
    const rejected = expect(lead).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await rejected;
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(750);
    expect(sent.map((entry) => entry.id)).toEqual(['lead-1', 'lead-1']);
    expect(sent[1]?.args).toEqual({ email: 'a@b.c' });
    expect(outbox.pending()).toEqual([]);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('never lets one hung request hold later writes beyond its timeout and the first backoff', async () => {
    const delivered: { fn: string; at: number }[] = [];
    let hung = false;
    const send = (entry: OutboxEntry) => {
      if (entry.fn === 'save_lead' && !hung) {
        hung = true;
        return new Promise<void>(ignore);
      }
      delivered.push({ fn: entry.fn, at: Date.now() });
      return Promise.resolve();
    };
    const start = Date.now();
    const { outbox } = setup({ send, timeoutMs: 10_000 });
    outbox.enqueue('save_lead', {}).catch(ignore);
    outbox.enqueue('track_step', {}).catch(ignore);
    outbox.enqueue('final_click', {}).catch(ignore);
    await vi.advanceTimersByTimeAsync(10_750);
    expect(delivered.map((row) => row.fn)).toEqual(['save_lead', 'track_step', 'final_click']);
    expect(Math.max(...delivered.map((row) => row.at - start))).toBeLessThanOrEqual(10_750);
  });

  it('lets a sender that ignores the abort signal finish late without sending anything twice at once', async () => {
    const backend = manualReceiver();
    const { outbox } = setup({ send: backend.send, timeoutMs: 1_000 });
    outbox.enqueue('save_lead', {}, { id: 'lead-1' }).catch(ignore);
    await vi.advanceTimersByTimeAsync(1_000 + 750);
    expect(backend.calls).toHaveLength(2);
    backend.call(0).resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.pending()).toHaveLength(1);
    backend.call(1).resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.pending()).toEqual([]);
    expect(backend.calls).toHaveLength(2);
  });

  it('adopts entries a closed tab left: unseen ids join the queue, are stored and sent once', async () => {
    const backend = manualReceiver();
    const { outbox, storage } = setup({ send: backend.send });
    outbox.enqueue('mine', {}, { id: 'm' }).catch(ignore);
    const orphan = { id: 'o', fn: 'save_lead', args: { email: 'a@b.c' }, attempts: 3, createdAt: 1 };
    outbox.adopt([orphan, { ...orphan }, { id: 'm', fn: 'mine', args: {}, attempts: 0, createdAt: 1 }]);
    expect(stored(storage)).toEqual([expect.objectContaining({ id: 'm' }), orphan]);
    backend.call(0).resolve();
    await vi.advanceTimersByTimeAsync(0);
    backend.call(1).resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.calls.map((call) => call.entry.id)).toEqual(['m', 'o']);
    expect(stored(storage)).toEqual([]);
  });

  it('clears its timer and stops retrying once disposed', async () => {
    const backend = receiver(Infinity);
    const { outbox } = setup({ send: backend.send });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    outbox.dispose();
    expect(vi.getTimerCount()).toBe(0);
    await vi.runAllTimersAsync();
    expect(backend.send).toHaveBeenCalledTimes(1);
  });
});

describe('connectOutbox', () => {
  it('flushes on the online event until unsubscribed', async () => {
    const backend = receiver(2);
    const { outbox } = setup({ send: backend.send, baseDelayMs: 60_000 });
    outbox.enqueue('save_lead', {}).catch(ignore);
    await vi.advanceTimersByTimeAsync(0);
    const unsubscribe = connectOutbox(outbox);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.send).toHaveBeenCalledTimes(2);
    unsubscribe();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(backend.send).toHaveBeenCalledTimes(2);
  });
});

describe('isRetryable', () => {
  it.each([408, 429, 500, 503])('retries HTTP %i', (status) =>
    expect(isRetryable(httpError(status))).toBe(true),
  );
  it.each([400, 401, 404, 422])('drops HTTP %i', (status) =>
    expect(isRetryable(httpError(status))).toBe(false),
  );
  it.each([
    ['a fetch TypeError', offline(), true],
    ['a TimeoutError', new DOMException('timed out', 'TimeoutError'), true],
    ['an AbortError', new DOMException('aborted', 'AbortError'), true],
    ['an error without status', new Error('bug'), false],
    ['a status that is a string', { status: '503' }, false],
    ['null', null, false],
  ])('%s → %s', (_name, error, expected) => expect(isRetryable(error)).toBe(expected));
});
