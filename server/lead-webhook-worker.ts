/**
 * The local server's lead webhook worker: a timer that delivers the database's queued leads with the
 * same code as the lead-webhooks edge function (supabase/functions/_shared/lead-webhooks.ts). It runs
 * only when the flow names a sink and the env configures it (LEAD_SINK_<NAME>_URL / _SECRET).
 *
 * Node's transport connects to the very address the SSRF guard checked (the request's `lookup` is
 * pinned to it), so a host that resolves differently a second time (DNS rebinding) cannot slip past.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { SqlDatabase } from './sql-database.ts';
import {
  deliverDueLeads,
  flowLeadSinks,
  leadWebhooksConfig,
  type LeadWebhookStore,
  type QueuedLead,
  type WebhookLead,
  type WebhookTransport,
} from '../supabase/functions/_shared/lead-webhooks.ts';

/** The queue in the database, through the service-role functions the edge function calls. */
export function sqlLeadWebhookStore(db: SqlDatabase): LeadWebhookStore {
  return {
    async claim(max, leaseSeconds, flowIds, at) {
      const { rows } = await db.query<{ id: number | string; attempts: number; done_sinks: string[]; lead: WebhookLead | null }>(
        'select id, attempts, done_sinks, lead from public.lead_webhook_claim($1, $2, $3, $4)',
        [max, leaseSeconds, flowIds, at.toISOString()],
      );
      return rows.map((row): QueuedLead => ({ id: Number(row.id), attempts: row.attempts, doneSinks: row.done_sinks, lead: row.lead }));
    },
    async settle(id, outcome, at) {
      await db.query('select public.lead_webhook_settle($1, $2, $3, $4, $5, $6)', [
        id,
        outcome.delivered,
        outcome.dead,
        outcome.status,
        outcome.retryAt?.toISOString() ?? null,
        at.toISOString(),
      ]);
    },
  };
}

/** Every address `host` resolves to. */
export async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * POST over node:http(s), connected to `address` (TLS still checks the URL's host name); no redirects.
 * One timer bounds the whole exchange (issue 42): Node's `timeout` only fires on an idle socket, so a
 * receiver trickling a byte now and then held a delivery for a minute. With no status by the deadline
 * it fails; with a status, a body still trickling is cut and the status stands.
 */
export const pinnedTransport: WebhookTransport = ({ url, address, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const family = isIP(address);
    let status: number | null = null;
    const deadline = setTimeout(() => {
      req.destroy();
      if (status === null) reject(new Error('timeout'));
      else resolve(status);
    }, timeoutMs);
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: (_host, options, callback) =>
          options.all ? callback(null, [{ address, family }]) : callback(null, address, family),
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => {
          clearTimeout(deadline);
          resolve(status ?? 0);
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error) => {
      clearTimeout(deadline);
      if (status === null) reject(error);
      else resolve(status);
    });
    req.end(body);
  });

/** Delivery runs that may overlap (each holds at most a batch of claimed jobs). */
export const MAX_RUNS_AT_ONCE = 3;

export interface LeadWebhookWorkerOptions {
  /** The flows whose leads this worker sends (their parsed files). */
  flows: unknown[];
  /** The environment (process.env by default). */
  env?: Record<string, string | undefined>;
  /** How often due jobs are looked for (LEAD_SINK_WORKER_INTERVAL_MS, default 5 s). */
  intervalMs?: number;
  transport?: WebhookTransport;
  resolve?: (host: string) => Promise<string[]>;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface LeadWebhookWorker {
  /** One delivery run now (tests, and the timer). */
  runOnce(): Promise<void>;
  stop(): void;
}

/** Starts the timer; null when no flow names a configured sink (then nothing leaves the machine). */
export function startLeadWebhookWorker(
  database: () => Promise<SqlDatabase>,
  options: LeadWebhookWorkerOptions,
): LeadWebhookWorker | null {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => console.warn(message));
  const flows = options.flows.map(flowLeadSinks).filter((f) => f !== null && f.sinks.length > 0);
  if (flows.length === 0) return null;
  const { config, problems } = leadWebhooksConfig((name) => env[name], flows.filter((f) => f !== null));
  for (const problem of problems) log(`Lead webhooks: ${problem}`);
  if (!config) return null;
  const interval = options.intervalMs ?? (Number(env.LEAD_SINK_WORKER_INTERVAL_MS) || 5_000);
  // A run waits at most about one request deadline per sink; the next tick starts another beside it
  // (the jobs in flight are claimed, so it takes new ones), up to MAX_RUNS_AT_ONCE.
  const runs = new Set<Promise<void>>();
  const runOnce = (): Promise<void> => {
    if (runs.size >= MAX_RUNS_AT_ONCE) return Promise.race(runs);
    const run: Promise<void> = database()
      .then((db) =>
        deliverDueLeads({
          store: sqlLeadWebhookStore(db),
          config,
          transport: options.transport ?? pinnedTransport,
          resolve: options.resolve ?? resolveAll,
          ...(options.now ? { now: options.now } : {}),
          log,
        }),
      )
      .then(() => undefined)
      // Only the kind of failure: a database message may quote a row.
      .catch((error: unknown) => log(`Lead webhook worker failed (${error instanceof Error ? error.name : 'error'})`))
      .finally(() => runs.delete(run));
    runs.add(run);
    return run;
  };
  const timer = setInterval(() => void runOnce(), interval);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
