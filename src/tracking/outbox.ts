/**
 * A loss-free outbox for backend writes from the browser. Each write is stored before it is sent, sent
 * in order one at a time, and retried with backoff until it is delivered or can never be; a reload or
 * the next visit picks up whatever was still pending. Every try has a deadline, so one request the
 * server never answers holds the queue for at most that long. Framework-free: storage, transport and
 * clock come in as options.
 */
import {
  isRecord,
  loadEntries,
  storeEntries,
  type OutboxEntry,
  type OutboxStorage,
} from './outbox-storage.ts';

export type { OutboxEntry } from './outbox-storage.ts';

export interface OutboxOptions {
  /** Where pending entries survive a reload (localStorage in the browser); null keeps them in memory only. */
  storage: OutboxStorage;
  /** The storage key, e.g. 'funnel_outbox'. */
  key: string;
  /**
   * Delivers one entry; rejects when it was not delivered. `signal` aborts when the try's deadline
   * passes: the outbox has then already moved on, and will try the same entry (same id) again.
   */
  send(entry: OutboxEntry, signal: AbortSignal): Promise<void>;
  /** How long one try may take before it counts as failed (a retryable TimeoutError); default 10000. */
  timeoutMs?: number;
  /** Whether a failed send is worth another try; default {@link isRetryable}. */
  retryable?: (error: unknown) => boolean;
  /** The backoff before the first retry (before jitter); default 1000. */
  baseDelayMs?: number;
  /** The longest backoff (before jitter); default 60000. */
  maxDelayMs?: number;
  /** Attempts in all, the first included, before an entry leaves the queue (to `onDrop`); default 12. */
  maxAttempts?: number;
  /** Jitter source in [0, 1); default Math.random. */
  random?: () => number;
  /** Clock for `createdAt`; default Date.now. */
  now?: () => number;
  /**
   * An entry leaves the queue undelivered: its error is not retryable or its attempts are used up. Keep
   * it somewhere (a dead-letter store) so it is never lost silently; log the `fn`, `id` and error if
   * you like, never `args`: they may hold personal data.
   */
  onDrop?: (entry: OutboxEntry, error: unknown) => void;
}

export interface Outbox {
  /**
   * Stores the write at once, then tries to send it from the next task (behind anything already
   * queued). Resolves when it is delivered; rejects with the error when this first try fails —
   * including when an earlier entry's failure holds it back — while the entry stays queued and is
   * retried in the background. An `id` or `dedupeKey` that is still pending adds nothing: it tries the
   * pending entry from the next task (its args win) and the promise is for that try.
   */
  enqueue(
    fn: string,
    args: Record<string, unknown>,
    options?: { id?: string; dedupeKey?: string },
  ): Promise<void>;
  /** Sends everything pending now, cancelling the backoff wait; resolves when the pass is over. Never rejects. */
  flush(): Promise<void>;
  /** A copy of the queued entries, oldest first. */
  pending(): OutboxEntry[];
  /**
   * Takes over entries another outbox left behind (a closed tab's queue): those whose id is not queued
   * yet join the end of the queue, are stored, and are sent.
   */
  adopt(entries: readonly OutboxEntry[]): void;
  /**
   * Stops the timer and further sends (a send in flight still completes); pending entries stay stored
   * for the next visit. Promises still waiting stay unsettled; an enqueue afterwards is stored and rejects.
   */
  dispose(): void;
}

const DEFAULTS = {
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  maxAttempts: 12,
  timeoutMs: 10_000,
} as const satisfies Partial<OutboxOptions>;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true } | { ok: false; error: unknown };

/**
 * Creates the outbox and loads what a previous page left in storage; call `flush()` to send that.
 * Backoff uses "equal jitter": after the n-th failed attempt the wait is d/2 + random()·d/2, where
 * d = min(maxDelayMs, baseDelayMs·2^(n−1)) — never zero, so a broken network is not hammered.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { storage, key, send } = options;
  const retryable = options.retryable ?? isRetryable;
  const baseDelayMs = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const maxAttempts = options.maxAttempts ?? DEFAULTS.maxAttempts;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;

  let queue = loadEntries(storage, key);
  const waiters = new Map<string, Waiter[]>();
  let busy = false;
  let rerun = false;
  let disposed = false;
  let current = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let persistTimer: ReturnType<typeof setTimeout> | undefined;
  let sendTimer: ReturnType<typeof setTimeout> | undefined;

  function persist(): void {
    clearTimeout(persistTimer);
    persistTimer = undefined;
    storeEntries(storage, key, queue);
  }

  function settle(id: string, error?: { error: unknown }): void {
    const list = waiters.get(id) ?? [];
    waiters.delete(id);
    for (const waiter of list) {
      if (error) waiter.reject(error.error);
      else waiter.resolve();
    }
  }

  function rejectAll(error: unknown): void {
    for (const id of [...waiters.keys()]) settle(id, { error });
  }

  // Taking a delivered entry out of storage can wait for the next task: until then a reload would
  // send it once more, under the same id, which the backend ignores. Its waiters are not held up
  // by the write (the screen a visitor waits for is drawn first).
  function persistSoon(): void {
    persistTimer ??= setTimeout(() => {
      persistTimer = undefined;
      persist();
    });
  }

  // A new write is stored at once, in the caller's task, and sent from the next one: a tap that saves
  // something paints its next screen without waiting for the request to be built and handed over.
  function startSoon(): void {
    sendTimer ??= setTimeout(() => {
      sendTimer = undefined;
      void start();
    });
  }

  function remove(entry: OutboxEntry): void {
    queue = queue.filter((queued) => queued !== entry);
    persistSoon();
  }

  function backoff(attempts: number): number {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
    return ceiling / 2 + (random() * ceiling) / 2;
  }

  /** Drops the passes waiting to start: a backoff retry, a send asked for from the next task. */
  function cancelWaitingPasses(): void {
    clearTimeout(timer);
    clearTimeout(sendTimer);
    timer = undefined;
    sendTimer = undefined;
  }

  /** One pass over the queue, head first; at most one runs, so no entry is ever sent twice at once. */
  function start(): Promise<void> {
    if (disposed || busy) return current;
    // This pass sends whatever is queued, so a pass still waiting to start is moot.
    cancelWaitingPasses();
    current = run();
    return current;
  }

  async function run(): Promise<void> {
    busy = true;
    try {
      for (let entry = queue[0]; entry && !disposed; entry = queue[0]) {
        const outcome = await attempt(entry);
        if (outcome.ok) {
          remove(entry);
          settle(entry.id);
          continue;
        }
        entry.attempts += 1;
        if (!retryable(outcome.error) || entry.attempts >= maxAttempts) {
          remove(entry);
          settle(entry.id, outcome);
          drop(entry, outcome.error);
          continue;
        }
        persist();
        // Order matters (a lead before its updates), so the head blocks the rest: everyone waiting on
        // this pass learns that their write did not go through now.
        rejectAll(outcome.error);
        if (rerun) {
          rerun = false;
          continue;
        }
        if (!disposed) timer = setTimeout(() => void start(), backoff(entry.attempts));
        return;
      }
    } finally {
      busy = false;
      rerun = false;
    }
  }

  /**
   * One try, raced against its deadline: a request the server never answers (a lie-fi connection held
   * open) is aborted and counts as a retryable failure, so the queue moves on. The retry carries the
   * same entry id, so a write the server committed without answering is not doubled.
   */
  async function attempt(entry: OutboxEntry): Promise<Outcome> {
    const controller = new AbortController();
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      deadline = setTimeout(() => {
        const error = new DOMException(`${entry.fn}: no answer within ${timeoutMs} ms`, 'TimeoutError');
        controller.abort(error);
        resolve({ ok: false, error });
      }, timeoutMs);
    });
    const sent = send({ ...entry }, controller.signal).then<Outcome, Outcome>(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error }),
    );
    try {
      return await Promise.race([sent, timedOut]);
    } finally {
      clearTimeout(deadline);
    }
  }

  function drop(entry: OutboxEntry, error: unknown): void {
    try {
      options.onDrop?.({ ...entry }, error);
    } catch {
      // A failing logger must not stop the rest of the queue.
    }
  }

  return {
    enqueue(fn, args, { id, dedupeKey } = {}) {
      let entry = queue.find(
        (queued) => queued.id === id || (dedupeKey !== undefined && queued.dedupeKey === dedupeKey),
      );
      if (!entry) {
        entry = { id: id ?? crypto.randomUUID(), fn, args, attempts: 0, createdAt: now() };
        if (dedupeKey !== undefined) entry.dedupeKey = dedupeKey;
        queue.push(entry);
        persist();
      }
      const { id: entryId } = entry;
      const delivered = new Promise<void>((resolve, reject) => {
        waiters.set(entryId, [...(waiters.get(entryId) ?? []), { resolve, reject }]);
      });
      if (disposed) settle(entryId, { error: new Error('Outbox disposed') });
      else startSoon();
      return delivered;
    },
    flush() {
      if (busy) rerun = true;
      return start();
    },
    pending() {
      return queue.map((entry) => ({ ...entry }));
    },
    adopt(entries) {
      const before = queue.length;
      for (const entry of entries) {
        if (!queue.some((queued) => queued.id === entry.id)) queue.push({ ...entry });
      }
      if (queue.length === before) return;
      persist();
      void start();
    },
    dispose() {
      if (persistTimer !== undefined) persist();
      disposed = true;
      cancelWaitingPasses();
    },
  };
}

/**
 * The default retry rule: network failures (fetch's TypeError, a timeout or abort) and HTTP 408, 429
 * and 5xx (an error with a numeric `status`). Anything else — another 4xx, or an error we cannot
 * classify — will fail the same way again, so it leaves the queue for `onDrop` (a dead-letter store).
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!isRecord(error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const { status } = error;
  return typeof status === 'number' && (status === 408 || status === 429 || status >= 500);
}

/** Flushes the outbox whenever the browser comes back online; returns the unsubscribe. */
export function connectOutbox(outbox: Pick<Outbox, 'flush'>, win: EventTarget = window): () => void {
  const onOnline = () => void outbox.flush();
  win.addEventListener('online', onOnline);
  return () => win.removeEventListener('online', onOnline);
}
