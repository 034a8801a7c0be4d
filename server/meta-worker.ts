/**
 * The local server's Conversions API worker: a timer that delivers the database's queued Meta events
 * with the same code as the meta-capi edge function (supabase/functions/_shared/meta-capi.ts). With no
 * META_PIXEL_ID (or flow pixel id) and META_ACCESS_TOKEN it never starts, so nothing leaves the machine.
 */
import type { SqlDatabase } from './sql-database.ts';
import {
  deliverDueEvents,
  metaCapiConfig,
  type MetaCapiConfig,
  type MetaEventStore,
  type QueuedMetaEvent,
} from '../supabase/functions/_shared/meta-capi.ts';

/** The outbox in the database (PGlite, or PostgreSQL in the SQL tests), through the same service-role functions the edge function calls. */
export function pgliteMetaStore(db: SqlDatabase): MetaEventStore {
  return {
    async claim(max, leaseSeconds, at) {
      const { rows } = await db.query<{ id: number | string; payload: Record<string, unknown>; attempts: number }>(
        'select id, payload, attempts from public.meta_claim_events($1, $2, $3)',
        [max, leaseSeconds, at.toISOString()],
      );
      return rows.map((row): QueuedMetaEvent => ({ id: Number(row.id), payload: row.payload, attempts: row.attempts }));
    },
    async settle(id, outcome, at) {
      await db.query('select public.meta_settle_event($1, $2, $3, $4, $5)', [
        id,
        outcome.delivered,
        outcome.status,
        outcome.retryAt?.toISOString() ?? null,
        at.toISOString(),
      ]);
    },
  };
}

export interface MetaWorkerOptions {
  /** The environment (process.env by default). */
  env?: Record<string, string | undefined>;
  /** The flow's settings.pixelId, used when META_PIXEL_ID is unset. */
  flowPixelId?: string;
  /** How often due rows are looked for (META_WORKER_INTERVAL_MS, default 5 s). */
  intervalMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface MetaWorker {
  /** One delivery run now (tests, and the timer). */
  runOnce(): Promise<void>;
  stop(): void;
}

/** Starts the timer; returns null when delivery is not configured. */
export function startMetaWorker(database: () => Promise<SqlDatabase>, options: MetaWorkerOptions = {}): MetaWorker | null {
  const env = options.env ?? process.env;
  const config: MetaCapiConfig | null = metaCapiConfig((name) => env[name], options.flowPixelId);
  if (!config) return null;
  const log = options.log ?? ((message: string) => console.warn(message));
  const interval = options.intervalMs ?? (Number(env.META_WORKER_INTERVAL_MS) || 5_000);
  let running: Promise<void> | null = null;
  const runOnce = () =>
    (running ??= database()
      .then((db) =>
        deliverDueEvents({
          store: pgliteMetaStore(db),
          config,
          fetch: options.fetch ?? fetch,
          ...(options.now ? { now: options.now } : {}),
          log,
        }),
      )
      .then(() => undefined)
      // Only the kind of failure: a database message may quote a row.
      .catch((error: unknown) => log(`Meta Conversions API worker failed (${error instanceof Error ? error.name : 'error'})`))
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void runOnce(), interval);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
