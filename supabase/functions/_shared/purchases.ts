/**
 * The purchases endpoint (issue 45), shared by the purchases edge function (Deno) and the local server
 * (server/local-purchases.ts). Runtime-neutral: a Request in, a Response out, a store that calls the
 * service-role RPC public.record_purchase (migration 20261129003000_purchases.sql).
 *
 * Two ways in, told apart by their signature header:
 * - Stripe (`Stripe-Signature`): `checkout.session.completed` and `charge.refunded`, verified by the
 *   stripe library's own webhooks.constructEventAsync with STRIPE_WEBHOOK_SECRET and Stripe's 300 s
 *   tolerance (the async form of constructEvent: Deno's build of the library signs with Web Crypto).
 * - Any other shop (`X-Purchase-Signature`): a postback signed with HMAC-SHA256 over
 *   `<X-Purchase-Timestamp>.<raw body>` with PURCHASE_POSTBACK_SECRET, named by its `Idempotency-Key`
 *   (docs/operators/purchases.md lists every field).
 *
 * A bad signature or a stale timestamp is refused (400), the same signed delivery twice is a replay
 * (409); a redelivery signed anew of an entry already stored answers 200 `duplicate` and stores nothing.
 * The email is hashed (SHA-256 of the trimmed, lower-cased address) before it leaves this code; nothing
 * personal is logged or stored.
 */
import Stripe from 'stripe';

/** Stripe's own tolerance: a signature older than five minutes is refused. */
export const TOLERANCE_SECONDS = 300;
export const MAX_PURCHASE_BODY_BYTES = 256 * 1024;

export interface PurchasesConfig {
  stripeSecret?: string;
  postbackSecret?: string;
}

export function purchasesConfig(env: (name: string) => string | undefined): PurchasesConfig {
  const stripeSecret = env('STRIPE_WEBHOOK_SECRET')?.trim();
  const postbackSecret = env('PURCHASE_POSTBACK_SECRET')?.trim();
  return { ...(stripeSecret ? { stripeSecret } : {}), ...(postbackSecret ? { postbackSecret } : {}) };
}

/** What public.record_purchase takes. */
export interface PurchaseEntry {
  source: 'stripe' | 'postback';
  delivery_id: string;
  signed_at: number;
  external_id: string;
  kind: 'purchase' | 'refund';
  amount_minor: number;
  currency: string;
  purchased_at: number;
  payment_ref?: string;
  refund_of?: string;
  refund_cumulative?: boolean;
  reference?: string;
  email_sha256?: string;
}

export interface RecordOutcome {
  status: 'stored' | 'duplicate' | 'replay';
  matched?: boolean;
  kind?: string;
}

/** Stores an entry; throws a PurchaseRefused for an entry the database refuses (its message names the field). */
export type PurchaseStore = (entry: PurchaseEntry) => Promise<RecordOutcome>;

export class PurchaseRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PurchasesHandlerOptions {
  config: PurchasesConfig;
  store: PurchaseStore;
  now?: () => Date;
}

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status });
const refuse = (status: number, message: string) => answer(status, { error: message });

export function createPurchasesHandler(options: PurchasesHandlerOptions): (request: Request) => Promise<Response> {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  return async (request) => {
    if (request.method !== 'POST') return refuse(405, 'purchases are sent with POST');
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length > MAX_PURCHASE_BODY_BYTES) return refuse(413, `the body is over ${MAX_PURCHASE_BODY_BYTES} bytes`);
    const raw = new TextDecoder().decode(bytes);
    try {
      const stripeHeader = request.headers.get('stripe-signature');
      const entry = stripeHeader
        ? await stripeEntry(raw, stripeHeader, options.config, now())
        : await postbackEntry(raw, request.headers, options.config, now());
      if (entry === null) return answer(200, { status: 'ignored' });
      const outcome = await options.store(entry);
      if (outcome.status === 'replay')
        return refuse(409, 'replay: this signed delivery was already received; sign a redelivery anew');
      return answer(200, { status: outcome.status, kind: outcome.kind ?? entry.kind, matched: outcome.matched ?? false });
    } catch (error) {
      if (error instanceof PurchaseRefused) return refuse(error.status, error.message);
      throw error;
    }
  };
}

async function stripeEntry(raw: string, header: string, config: PurchasesConfig, at: number): Promise<PurchaseEntry | null> {
  if (!config.stripeSecret) throw new PurchaseRefused(503, 'Stripe webhooks are not configured: set STRIPE_WEBHOOK_SECRET');
  let event: { id: string; type: string; created: number; data: { object: unknown } };
  try {
    event = (await Stripe.webhooks.constructEventAsync(raw, header, config.stripeSecret, TOLERANCE_SECONDS, undefined, at * 1000)) as typeof event;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new PurchaseRefused(
      400,
      /tolerance/i.test(message)
        ? `Stripe-Signature: the timestamp is more than ${TOLERANCE_SECONDS} s old (or ahead of this clock)`
        : 'Stripe-Signature: the signature does not match the body and STRIPE_WEBHOOK_SECRET',
    );
  }
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1] ?? 0);
  const object = record(event.data.object);
  const base = { source: 'stripe' as const, delivery_id: event.id, signed_at: signedAt };
  if (event.type === 'checkout.session.completed') {
    if (object['payment_status'] === 'unpaid') return null;
    const email = text(record(object['customer_details'])['email']) ?? text(object['customer_email']);
    return {
      ...base,
      external_id: need(text(object['id']), 'data.object.id'),
      kind: 'purchase',
      amount_minor: need(count(object['amount_total']), 'data.object.amount_total'),
      currency: need(text(object['currency']), 'data.object.currency').toUpperCase(),
      purchased_at: count(object['created']) ?? event.created,
      ...optional('payment_ref', text(object['payment_intent'])),
      ...optional('reference', text(object['client_reference_id'])),
      ...optional('email_sha256', email ? await emailHash(email) : undefined),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = need(text(object['id']), 'data.object.id');
    const refunded = need(count(object['amount_refunded']), 'data.object.amount_refunded');
    return {
      ...base,
      external_id: `${charge}:refunded:${refunded}`,
      kind: 'refund',
      amount_minor: refunded,
      refund_cumulative: true,
      currency: need(text(object['currency']), 'data.object.currency').toUpperCase(),
      purchased_at: event.created,
      refund_of: text(object['payment_intent']) ?? charge,
    };
  }
  return null;
}

const POSTBACK_TYPES = ['purchase', 'refund'] as const;

async function postbackEntry(raw: string, headers: Headers, config: PurchasesConfig, at: number): Promise<PurchaseEntry> {
  const signature = headers.get('x-purchase-signature');
  if (!signature) throw new PurchaseRefused(400, 'no Stripe-Signature or X-Purchase-Signature header: the purchase is not signed');
  if (!config.postbackSecret) throw new PurchaseRefused(503, 'signed postbacks are not configured: set PURCHASE_POSTBACK_SECRET');
  const timestamp = headers.get('x-purchase-timestamp') ?? '';
  if (!/^\d{10}$/.test(timestamp)) throw new PurchaseRefused(400, 'X-Purchase-Timestamp: must be the signing time in Unix seconds');
  const key = headers.get('idempotency-key')?.trim() ?? '';
  if (key.length < 1 || key.length > 200) throw new PurchaseRefused(400, 'Idempotency-Key: must be 1 to 200 characters');
  const hex = /^sha256=([0-9a-f]{64})$/.exec(signature)?.[1];
  if (!hex || !(await hmacMatches(config.postbackSecret, `${timestamp}.${raw}`, hex)))
    throw new PurchaseRefused(400, 'X-Purchase-Signature: must be sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>"> with PURCHASE_POSTBACK_SECRET');
  if (Math.abs(at - Number(timestamp)) > TOLERANCE_SECONDS)
    throw new PurchaseRefused(400, `X-Purchase-Timestamp: more than ${TOLERANCE_SECONDS} s from this server's clock`);
  let body: Record<string, unknown>;
  try {
    body = record(JSON.parse(raw));
  } catch {
    throw new PurchaseRefused(400, 'the body is not valid JSON');
  }
  const type = POSTBACK_TYPES.find((t) => t === body['type']);
  if (!type) throw new PurchaseRefused(400, 'type: must be "purchase" or "refund"');
  const email = text(body['email']);
  const purchasedAt = text(body['purchased_at']);
  const when = purchasedAt === undefined ? Number(timestamp) : Math.floor(Date.parse(purchasedAt) / 1000);
  if (!Number.isFinite(when)) throw new PurchaseRefused(400, 'purchased_at: must be an ISO 8601 date and time');
  return {
    source: 'postback',
    delivery_id: key,
    signed_at: Number(timestamp),
    external_id: key,
    kind: type,
    amount_minor: need(count(body['amount']), 'amount (a whole number of minor units, e.g. cents)'),
    currency: need(text(body['currency']), 'currency').toUpperCase(),
    purchased_at: when,
    ...optional('payment_ref', text(body['order_id'])),
    ...optional('refund_of', type === 'refund' ? need(text(body['refund_of']), 'refund_of') : undefined),
    ...optional('reference', text(body['client_reference_id']) ?? text(body['session_id'])),
    ...optional('email_sha256', email ? await emailHash(email) : undefined),
  };
}

/** The SHA-256 (hex) of the trimmed, lower-cased email: how leads are compared, never the address. */
export async function emailHash(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return hexOf(new Uint8Array(digest));
}

/** Constant-time check of a hex HMAC-SHA256 (Web Crypto's verify). */
async function hmacMatches(secret: string, message: string, hex: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const signature = new Uint8Array(hex.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
  return crypto.subtle.verify('HMAC', key, signature, encoder.encode(message));
}

const hexOf = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

function need<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new PurchaseRefused(400, `${field}: missing or not valid`);
  return value;
}
