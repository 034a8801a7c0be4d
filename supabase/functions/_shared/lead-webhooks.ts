/**
 * Delivery of queued leads to the flow's lead sinks (issue 31), shared by the local server's worker
 * (server/lead-webhook-worker.ts) and the lead-webhooks edge function. Runtime-neutral: the store, the
 * resolver and the transport come from the caller.
 *
 * - The flow names its sinks (`settings.leadSinks: [{ "type": "webhook", "name": "crm" }]`); each
 *   sink's URL and secret come from the server's environment only: LEAD_SINK_<NAME>_URL and
 *   LEAD_SINK_<NAME>_SECRET (NAME upper-cased, `-` as `_`). Neither is ever in the flow or the bundle.
 * - Each request carries `X-Funnel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`
 *   and `Idempotency-Key: <lead id>:<sink>` (the same on every retry).
 * - 5 s deadline per request, from the connection to the last byte of the answer (issue 42); each sink
 *   in a lane of its own, so a slow sink never delays another. Network errors, 408, 429 and 5xx are retried with exponential backoff up to a bound,
 *   then the sink is dead-lettered for that lead (counted by `npm run report`). Another status,
 *   a redirect (never followed) or an address refused by the SSRF guard dead-letters it at once.
 * - Logs carry sink names, job ids, status codes and reasons only, never the lead, the URL or the secret.
 */
import { checkSinkUrl } from './address-guard.ts';
import { retryDelayMs, type RetrySchedule } from './meta-capi.ts';

/** The lead as a sink receives it (built by the database at claim time). */
export interface WebhookLead {
  leadId: string;
  sessionId: string | null;
  flowId: string | null;
  [key: string]: unknown;
}

export interface QueuedLead {
  id: number;
  attempts: number;
  /** Sinks already settled for this lead (delivered, or dead-lettered): not posted to again. */
  doneSinks: string[];
  /** null when the lead was deleted since it was queued. */
  lead: WebhookLead | null;
}

export interface LeadWebhookStore {
  /** Claims up to `max` due jobs of these flows for `leadSeconds`. */
  claim(max: number, leaseSeconds: number, flowIds: string[], at: Date): Promise<QueuedLead[]>;
  /** Records one attempt: sinks delivered and dead now; retryAt null when nothing is left to try. */
  settle(
    id: number,
    outcome: { delivered: string[]; dead: string[]; status: number; retryAt: Date | null },
    at: Date,
  ): Promise<void>;
}

export interface LeadSinkConfig {
  name: string;
  url: URL;
  secret: string;
}

export interface LeadWebhooksConfig {
  /** Each flow id's sinks, all configured. */
  flows: Map<string, LeadSinkConfig[]>;
  retry: RetrySchedule;
  /** The test/dev allowance for loopback receivers (LEAD_SINKS_ALLOW_LOOPBACK=1). */
  allowLoopback: boolean;
}

/**
 * One POST, to the address the guard checked; the HTTP status, throwing on a network error or when no
 * status came within `timeoutMs`. The whole exchange (connection, headers, the answer's body) ends
 * within `timeoutMs`: an answer's body still trickling then is cut, and its status stands.
 */
export type WebhookTransport = (request: {
  url: URL;
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}) => Promise<number>;

export const WEBHOOK_TIMEOUT_MS = 5_000;
/** About seven hours of retries with the default schedule. */
export const DEFAULT_WEBHOOK_RETRY: RetrySchedule = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 12 };
const LEASE_SECONDS = 60;
const SINK_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** The env variable holding a sink's URL or secret. */
export function sinkEnvName(sink: string, part: 'URL' | 'SECRET'): string {
  return `LEAD_SINK_${sink.toUpperCase().replace(/-/g, '_')}_${part}`;
}

/** The flow's id and the sink names its settings.leadSinks lists (none: an empty list). */
export function flowLeadSinks(flow: unknown): { flowId: string; sinks: string[] } | null {
  const record = (value: unknown): Record<string, unknown> | null =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : null;
  const file = record(flow);
  const id = file?.id;
  if (typeof id !== 'string') return null;
  const list = record(file?.settings)?.leadSinks;
  const sinks = (Array.isArray(list) ? list : [])
    .map((item) => record(item)?.name)
    .filter((name): name is string => typeof name === 'string' && SINK_NAME.test(name));
  return { flowId: id, sinks };
}

/**
 * The configuration from the environment for these flows. A flow whose sink lacks its URL or secret
 * (or has a URL that does not parse) is left out, with a problem saying which variable to set: its
 * jobs wait in the queue until it is configured. null when no flow has a configured sink.
 */
export function leadWebhooksConfig(
  env: (name: string) => string | undefined,
  flows: { flowId: string; sinks: string[] }[],
): { config: LeadWebhooksConfig | null; problems: string[] } {
  const problems: string[] = [];
  const configured = new Map<string, LeadSinkConfig[]>();
  for (const { flowId, sinks } of flows) {
    const list: LeadSinkConfig[] = [];
    for (const name of sinks) {
      const url = env(sinkEnvName(name, 'URL'))?.trim() ?? '';
      const secret = env(sinkEnvName(name, 'SECRET'))?.trim() ?? '';
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (!parsed) problems.push(`lead sink ${name} (flow ${flowId}): set ${sinkEnvName(name, 'URL')} to its https URL`);
      if (secret.length < 16) problems.push(`lead sink ${name} (flow ${flowId}): set ${sinkEnvName(name, 'SECRET')} (at least 16 characters)`);
      if (parsed && secret.length >= 16) list.push({ name, url: parsed, secret });
    }
    if (list.length > 0 && list.length === sinks.length) configured.set(flowId, list);
  }
  if (configured.size === 0) return { config: null, problems };
  const number = (name: string, fallback: number) => {
    const value = Number(env(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    config: {
      flows: configured,
      allowLoopback: env('LEAD_SINKS_ALLOW_LOOPBACK') === '1',
      retry: {
        baseMs: number('LEAD_SINK_RETRY_BASE_MS', DEFAULT_WEBHOOK_RETRY.baseMs),
        maxMs: number('LEAD_SINK_RETRY_MAX_MS', DEFAULT_WEBHOOK_RETRY.maxMs),
        maxAttempts: number('LEAD_SINK_RETRY_MAX_ATTEMPTS', DEFAULT_WEBHOOK_RETRY.maxAttempts),
      },
    },
    problems,
  };
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export async function signWebhook(secret: string, body: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${body}`)));
  return `t=${t},v1=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

type Outcome = { kind: 'delivered' | 'retry' | 'dead'; status: number; reason: string };

export interface DeliverLeadsOptions {
  store: LeadWebhookStore;
  config: LeadWebhooksConfig;
  transport: WebhookTransport;
  /** Every address a host name resolves to. */
  resolve: (host: string) => Promise<string[]>;
  now?: () => Date;
  log?: (message: string) => void;
  batch?: number;
}

const isRetryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** Posts one lead to one sink. */
async function postLead(sink: LeadSinkConfig, lead: WebhookLead, options: DeliverLeadsOptions, at: Date): Promise<Outcome> {
  const checked = await checkSinkUrl(sink.url, options.resolve, { allowLoopback: options.config.allowLoopback });
  if ('refused' in checked) return { kind: 'dead', status: 0, reason: `refused: ${checked.refused}` };
  const body = JSON.stringify(lead);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'funnel-lead-webhooks/1',
    'idempotency-key': `${lead.leadId}:${sink.name}`,
    'x-funnel-signature': await signWebhook(sink.secret, body, at),
  };
  try {
    const address = checked.addresses[0] ?? '';
    const status = await options.transport({ url: sink.url, address, headers, body, timeoutMs: WEBHOOK_TIMEOUT_MS });
    if (status >= 200 && status < 300) return { kind: 'delivered', status, reason: `answered ${status}` };
    if (status >= 300 && status < 400) return { kind: 'dead', status, reason: `answered ${status} (redirects are not followed)` };
    return { kind: isRetryable(status) ? 'retry' : 'dead', status, reason: `answered ${status}` };
  } catch (error) {
    const timeout = error instanceof Error && /timeout|abort/i.test(`${error.name} ${error.message}`);
    return { kind: 'retry', status: 0, reason: timeout ? `no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s` : 'not reached' };
  }
}

export interface LeadDeliveryReport {
  delivered: number;
  retried: number;
  dead: number;
}

/** Why a sink's post was not made: it failed to answer earlier in the same run. */
const SKIPPED = (sink: string): Outcome => ({
  kind: 'retry',
  status: 0,
  reason: `not tried: ${sink} did not answer earlier in this run`,
});

/**
 * Sends every due job once (one run of the worker). Each sink has a lane of its own: its posts go one
 * after another, and the lanes run side by side, so a slow sink delays only its own leads (issue 42).
 * A sink that timed out or was not reached is not tried again in the same run: its later leads wait
 * for their retry, and the run lasts at most about one request deadline per sink.
 */
export async function deliverDueLeads(options: DeliverLeadsOptions): Promise<LeadDeliveryReport> {
  const { store, config } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const report: LeadDeliveryReport = { delivered: 0, retried: 0, dead: 0 };
  const jobs = await store.claim(options.batch ?? 20, LEASE_SECONDS, [...config.flows.keys()], now());
  const lanes = new Map<string, { tail: Promise<unknown>; down: boolean }>();
  const post = (sink: LeadSinkConfig, lead: WebhookLead): Promise<Outcome> => {
    const lane = lanes.get(sink.name) ?? { tail: Promise.resolve(), down: false };
    lanes.set(sink.name, lane);
    const outcome = lane.tail.then(async () => {
      if (lane.down) return SKIPPED(sink.name);
      const result = await postLead(sink, lead, options, now());
      if (result.kind === 'retry' && result.status === 0) lane.down = true;
      return result;
    });
    lane.tail = outcome;
    return outcome;
  };
  const settleJob = async (job: QueuedLead, outcomes: { sink: string; outcome: Promise<Outcome> }[]) => {
    const delivered: string[] = [];
    const dead: string[] = [];
    const retry: string[] = [];
    let status = 0;
    for (const { sink, outcome: pending } of outcomes) {
      const outcome = await pending;
      status = outcome.status || status;
      ({ delivered, retry, dead })[outcome.kind].push(sink);
      if (outcome.kind !== 'delivered') log(`Lead webhook ${sink} (job ${job.id}): ${outcome.reason}`);
    }
    const attempts = job.attempts + 1;
    const retryAt =
      retry.length > 0 && attempts < config.retry.maxAttempts
        ? new Date(now().getTime() + retryDelayMs(attempts, config.retry))
        : null;
    if (!retryAt && retry.length > 0) {
      dead.push(...retry);
      log(`Lead webhook job ${job.id}: gave up on ${retry.join(', ')} after ${attempts} attempts (dead-lettered)`);
    } else if (retryAt) {
      log(`Lead webhook job ${job.id}: retry ${attempts + 1} at ${retryAt.toISOString()}`);
    }
    await store.settle(job.id, { delivered, dead, status, retryAt }, now());
    report.delivered += delivered.length;
    report.retried += retryAt ? retry.length : 0;
    report.dead += dead.length;
  };
  // Every post is queued in its lane first, in job order; each job settles once its own sinks answered.
  const settled = jobs.map((job) => {
    const sinks = (job.lead?.flowId ? config.flows.get(job.lead.flowId) : undefined) ?? [];
    const lead = job.lead;
    const pending = lead ? sinks.filter((sink) => !job.doneSinks.includes(sink.name)) : [];
    return settleJob(
      job,
      pending.map((sink) => ({ sink: sink.name, outcome: lead ? post(sink, lead) : Promise.resolve(SKIPPED(sink.name)) })),
    );
  });
  await Promise.all(settled);
  return report;
}

/**
 * A transport over `fetch` (the edge function's): redirects are returned, never followed. One signal
 * bounds the request and the reading of the answer's body (the deadline of WebhookTransport).
 */
export function fetchTransport(fetcher: typeof fetch = fetch): WebhookTransport {
  return async ({ url, headers, body, timeoutMs }) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetcher(url, { method: 'POST', headers, body, redirect: 'manual', signal });
    // The receiver's body is read and dropped, never logged; the signal cuts it at the deadline.
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  };
}
