/**
 * Delivery of queued Conversions API events to Meta (issue 16), shared by the local server's worker
 * (server/meta-worker.ts) and the meta-capi edge function. Runtime-neutral: fetch in, a store out.
 *
 * - One event per request, so each outbox row succeeds or fails alone. The row is marked delivered only
 *   after a 2xx; a worker that crashes between Meta's 2xx and the mark lets its claim lapse and the row
 *   goes again with the same event_id, which Meta deduplicates (the event_id is the idempotency key,
 *   also sent as the Idempotency-Key header).
 * - Network errors, timeouts, 408, 429 and 5xx are retried with exponential backoff; another 4xx is a
 *   refused event (bad payload or token) and is not retried, but kept in the outbox with its status.
 * - The access token travels in the request body (never in a URL a proxy might log) and is never
 *   logged; logs carry event names, row ids and status codes only, never user data or Meta's message.
 */

export interface QueuedMetaEvent {
  id: number;
  /** The event as Meta receives it (hashed user data only). */
  payload: Record<string, unknown>;
  /** Earlier delivery attempts. */
  attempts: number;
}

export interface MetaEventStore {
  /** Claims up to `max` due rows for `leaseSeconds` (another worker skips them meanwhile). */
  claim(max: number, leaseSeconds: number, at: Date): Promise<QueuedMetaEvent[]>;
  /** Records one attempt: delivered, or tried again at `retryAt` (null: not retried). */
  settle(id: number, outcome: { delivered: boolean; status: number; retryAt: Date | null }, at: Date): Promise<void>;
}

export interface MetaCapiConfig {
  pixelId: string;
  accessToken: string;
  /** The Graph API base, e.g. https://graph.facebook.com/v21.0 (no trailing slash). */
  graphUrl: string;
  testEventCode?: string;
  retry: RetrySchedule;
}

export interface RetrySchedule {
  /** The first retry's delay; each further one doubles, up to maxMs. */
  baseMs: number;
  maxMs: number;
  /** After this many failed attempts the row is no longer retried (it stays in the outbox). */
  maxAttempts: number;
}

export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v21.0';
/** About a day and a half of retries with the default schedule; Meta takes events up to 7 days old. */
export const DEFAULT_RETRY: RetrySchedule = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 40 };
/** The whole request, Meta's answer included: the signal also cuts a body still arriving (issue 42). */
export const REQUEST_TIMEOUT_MS = 10_000;
const LEASE_SECONDS = 60;

/**
 * The configuration from the environment: null (no delivery, no network) unless both a pixel id
 * (META_PIXEL_ID, else the flow's settings.pixelId) and META_ACCESS_TOKEN are set.
 */
export function metaCapiConfig(env: (name: string) => string | undefined, flowPixelId = ''): MetaCapiConfig | null {
  const pixelId = (env('META_PIXEL_ID') || flowPixelId).trim();
  const accessToken = (env('META_ACCESS_TOKEN') ?? '').trim();
  if (!pixelId || !accessToken) return null;
  const number = (name: string, fallback: number) => {
    const value = Number(env(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const testEventCode = env('META_TEST_EVENT_CODE')?.trim();
  return {
    pixelId,
    accessToken,
    graphUrl: (env('META_GRAPH_URL') || DEFAULT_GRAPH_URL).replace(/\/+$/, ''),
    ...(testEventCode ? { testEventCode } : {}),
    retry: {
      baseMs: number('META_RETRY_BASE_MS', DEFAULT_RETRY.baseMs),
      maxMs: number('META_RETRY_MAX_MS', DEFAULT_RETRY.maxMs),
      maxAttempts: number('META_RETRY_MAX_ATTEMPTS', DEFAULT_RETRY.maxAttempts),
    },
  };
}

/** The delay before attempt `attempts + 1` after `attempts` failures (1 failure: baseMs). */
export function retryDelayMs(attempts: number, retry: RetrySchedule): number {
  return Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface DeliverOptions {
  store: MetaEventStore;
  config: MetaCapiConfig;
  fetch: typeof fetch;
  now?: () => Date;
  log?: (message: string) => void;
  /** Rows per run. */
  batch?: number;
  /** The deadline of each request, answer included (REQUEST_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

const isRetryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/** Sends every due row once (one run of the worker). */
export async function deliverDueEvents(options: DeliverOptions): Promise<DeliveryReport> {
  const { store, config } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const rows = await store.claim(options.batch ?? 50, LEASE_SECONDS, now());
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  for (const [index, row] of rows.entries()) {
    const status = await post(row, config, options.fetch, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const name = typeof row.payload.event_name === 'string' ? row.payload.event_name : 'event';
    const attempts = row.attempts + 1;
    if (status >= 200 && status < 300) {
      await store.settle(row.id, { delivered: true, status, retryAt: null }, now());
      report.delivered += 1;
      continue;
    }
    report.failed += 1;
    const retry = isRetryable(status) && attempts < config.retry.maxAttempts;
    const retryAt = retry ? new Date(now().getTime() + retryDelayMs(attempts, config.retry)) : null;
    await store.settle(row.id, { delivered: false, status, retryAt }, now());
    log(
      `Meta Conversions API: ${name} (row ${row.id}) ${status === 0 ? 'not reached' : `answered ${status}`}; ` +
        (retryAt ? `retry ${attempts + 1} at ${retryAt.toISOString()}` : 'not retried (kept in the outbox)'),
    );
    // Meta did not answer in time: the rest of the batch is not tried in this run. Their claims lapse
    // (LEASE_SECONDS) and a later run sends them, no attempt counted; one run waits one deadline at most.
    if (status === 0 && index + 1 < rows.length) {
      log(`Meta Conversions API: ${rows.length - index - 1} more rows wait for a later run`);
      break;
    }
  }
  return report;
}

/** POSTs one event; the HTTP status, or 0 when Meta was not reached in time. */
async function post(row: QueuedMetaEvent, config: MetaCapiConfig, fetcher: typeof fetch, timeoutMs: number): Promise<number> {
  const eventId = typeof row.payload.event_id === 'string' ? row.payload.event_id : String(row.id);
  try {
    const response = await fetcher(`${config.graphUrl}/${encodeURIComponent(config.pixelId)}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `${String(row.payload.event_name)}:${eventId}` },
      body: JSON.stringify({
        data: [row.payload],
        access_token: config.accessToken,
        ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body may echo the request; it is read and dropped, never logged.
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return 0;
  }
}
