/**
 * Lead sinks (spec §7's "contact submission helpers"): each new lead is also POSTed as JSON to the
 * webhooks the flow's `settings.leadSinks` lists. Deliveries go through their own outbox (stored, sent
 * in order, retried with backoff on network errors, 408, 429 and 5xx), separate from the backend's, so
 * a slow or broken receiver never holds back tracking and never blocks the visitor.
 *
 * The payload is documented in the README:
 * `{ leadId, sessionId, name, email, answers, utm, submittedAt }`, with an `Idempotency-Key` header
 * that stays the same across retries, so a receiver can drop a repeat.
 */
import type { LeadSink } from '../engine/flow.gen.ts';
import type { VisitorSnapshot } from '../engine/ports.ts';
import type { Campaign } from './landing.ts';
import type { Outbox, OutboxEntry } from './outbox.ts';

export const LEAD_SINKS_KEY = 'funnel_lead_sinks';
export const WEBHOOK_FN = 'webhook';
/** A receiver that takes longer than this counts as down (and is retried). */
const TIMEOUT_MS = 10_000;

export interface WebhookPayload {
  leadId: string;
  sessionId: string;
  name: string | null;
  email: string | null;
  /** Every quiz answer, as stored under the flow's answers key. */
  answers: VisitorSnapshot['answers'];
  /** The landing URL's campaign: UTM parameters and click ids. */
  utm: Campaign;
  submittedAt: string;
}

/** A webhook answered with an HTTP error; `status` lets the outbox tell a retry from a refusal. */
export class WebhookError extends Error {
  constructor(readonly status: number) {
    super(`Lead webhook answered HTTP ${status}`);
    this.name = 'WebhookError';
  }
}

export interface LeadSinksOptions {
  sinks: readonly LeadSink[];
  outbox: Pick<Outbox, 'enqueue'>;
  campaign: Campaign;
  log: (message: string) => void;
  now?: () => Date;
}

/** The lead the backend tracking reports (see `onLead` in backend-tracking.ts). */
export interface NewLead {
  id: string;
  args: Record<string, unknown>;
  visitor: VisitorSnapshot;
}

/** Returns the `onLead` hook: one outbox entry per sink and lead, never throwing, never awaited. */
export function createLeadSinks(options: LeadSinksOptions): (lead: NewLead) => void {
  const now = options.now ?? (() => new Date());
  return (lead) => {
    const payload: WebhookPayload = {
      leadId: lead.id,
      sessionId: lead.visitor.sessionId,
      name: text(lead.args.name),
      email: text(lead.args.email),
      answers: lead.visitor.answers,
      utm: options.campaign,
      submittedAt: now().toISOString(),
    };
    options.sinks.forEach((sink, index) => {
      options.outbox
        .enqueue(WEBHOOK_FN, { url: sink.url, payload: { ...payload } }, { id: `${lead.id}:${index}` })
        .catch(() => options.log(`Lead webhook ${index + 1} not reached yet; it will be retried`));
    });
  };
}

/**
 * Delivers one outbox entry. Only URLs the flow lists now are posted to: an entry stored for a sink
 * that was removed since (or edited in storage) is refused and dropped.
 */
export function createWebhookSender(sinks: readonly LeadSink[], fetcher: typeof fetch = fetch) {
  const allowed = new Set(sinks.map((sink) => sink.url));
  return async (entry: OutboxEntry): Promise<void> => {
    const { url, payload } = entry.args;
    if (entry.fn !== WEBHOOK_FN || typeof url !== 'string' || !allowed.has(url)) {
      throw new Error(`Lead webhook entry ${entry.id} names no configured sink`);
    }
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': entry.id },
      body: JSON.stringify(payload),
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new WebhookError(response.status);
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
