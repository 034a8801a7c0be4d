/**
 * A loss-free outbox for backend writes from the browser. Each write is stored before it is sent, and
 * retried with backoff until it is delivered or can never be; a reload or the next visit picks up
 * whatever was still pending. Writes that depend on each other (a record, then its updates) share a
 * lane and go in order, one at a time; lanes go side by side (`laneOf`), so one request the server
 * never answers holds only its own lane, and that for at most its deadline per try. Framework-free:
 * storage, transport and clock come in as options.
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
  /**
   * The lane of an entry: entries of one lane are sent in order, one at a time, and a failing head holds
   * the rest of its lane back; different lanes are independent. Default: one lane for everything.
   */
  laneOf?: (entry: OutboxEntry) => string;
  /** Lanes sending at once (each one request at a time); default 4, below a browser's 6 per host. */
  maxLanesInFlight?: number;
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

interface Lane {
  /** A pass is sending this lane's entries. */
  busy: boolean;
  /** Flushed while busy: a failure is retried at once instead of after the backoff. */
  rerun: boolean;
  /** The backoff before this lane's next try. */
  timer: ReturnType<typeof setTimeout> | undefined;
  current: Promise<void>;
}

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
  const laneOf = options.laneOf ?? (() => '');
  const maxLanesInFlight = Math.max(1, options.maxLanesInFlight ?? 4);

  let queue = loadEntries(storage, key);
  const waiters = new Map<string, Waiter[]>();
  const lanes = new Map<string, Lane>();
  let lanesInFlight = 0;
  let disposed = false;
  let persistTimer: ReturnType<typeof setTimeout> | undefined;
  let sendTimer: ReturnType<typeof setTimeout> | undefined;
  /** Lanes whose backoff the next pass skips (an enqueue there asks for a try at once). */
  let forced: Set<string> | 'all' = new Set();

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

  /** Everyone waiting on this lane learns that their write did not go through now. */
  function rejectLane(name: string, error: unknown): void {
    for (const entry of queue) if (laneOf(entry) === name) settle(entry.id, { error });
  }

  function lane(name: string): Lane {
    let found = lanes.get(name);
    if (!found) {
      found = { busy: false, rerun: false, timer: undefined, current: Promise.resolve() };
      lanes.set(name, found);
    }
    return found;
  }

  const headOf = (name: string) => queue.find((entry) => laneOf(entry) === name);

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
  function startSoon(name: string): void {
    if (forced !== 'all') forced.add(name);
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

  /** Drops the passes waiting to start: every lane's backoff retry, a send asked for from the next task. */
  function cancelWaitingPasses(): void {
    for (const waiting of lanes.values()) {
      clearTimeout(waiting.timer);
      waiting.timer = undefined;
    }
    clearTimeout(sendTimer);
    sendTimer = undefined;
  }

  /**
   * Starts a pass on each lane with entries that is idle and not backing off (or is forced past its
   * backoff), up to maxLanesInFlight; at most one pass per lane, so no entry is ever sent twice at once.
   * Resolves when the lanes it started or found busy are done.
   */
  function start(force: 'all' | 'none' = 'none'): Promise<void> {
    if (disposed) return Promise.resolve();
    const skip = force === 'all' || forced === 'all' ? 'all' : forced;
    forced = new Set();
    // This pass sends whatever is due, so a pass still waiting to start is moot.
    clearTimeout(sendTimer);
    sendTimer = undefined;
    const runs: Promise<void>[] = [];
    const names = new Set(queue.map(laneOf));
    for (const name of names) {
      const state = lane(name);
      if (state.busy) {
        runs.push(state.current);
        continue;
      }
      if (state.timer !== undefined) {
        if (skip !== 'all' && !skip.has(name)) continue;
        clearTimeout(state.timer);
        state.timer = undefined;
      }
      if (lanesInFlight >= maxLanesInFlight) break;
      state.current = run(name, state);
      runs.push(state.current);
    }
    return Promise.all(runs).then(() => undefined);
  }

  async function run(name: string, state: Lane): Promise<void> {
    state.busy = true;
    lanesInFlight += 1;
    try {
      for (let entry = headOf(name); entry && !disposed; entry = headOf(name)) {
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
        // Order matters within a lane (a lead before its updates), so its head blocks the rest of it.
        rejectLane(name, outcome.error);
        if (state.rerun) {
          state.rerun = false;
          continue;
        }
        if (!disposed) {
          state.timer = setTimeout(() => {
            state.timer = undefined;
            void start();
          }, backoff(entry.attempts));
        }
        return;
      }
    } finally {
      state.busy = false;
      state.rerun = false;
      lanesInFlight -= 1;
      if (!queue.some((entry) => laneOf(entry) === name) && state.timer === undefined) lanes.delete(name);
      // A lane that waited for a free slot starts now.
      if (!disposed && queue.length > 0) void start();
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
      else startSoon(laneOf(entry));
      return delivered;
    },
    flush() {
      for (const state of lanes.values()) if (state.busy) state.rerun = true;
      return start('all');
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
      void start('all');
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
