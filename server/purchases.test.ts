/**
 * The purchases endpoint on the real migrations: the shared handler (supabase/functions/_shared/
 * purchases.ts) over the local store (server/local-purchases.ts). Stripe events signed with the stripe
 * library's own test header helper; generic postbacks signed with HMAC-SHA256. Each entry is stored once,
 * a replay and a bad or stale signature are refused, a refund is a negative entry linked to its purchase,
 * an unmatched purchase is kept, and a matched one queues a Purchase for the Conversions API with the
 * Lead's user data and consent (none without it).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPurchasesHandler, purchasesConfig } from '../supabase/functions/_shared/purchases.ts';
import { sqlPurchaseStore } from './local-purchases.ts';
import type { SqlDatabase } from './sql-database.ts';
import { failure, sqlKit } from './sql-test-kit.ts';
import { openTestDatabase } from './test-database.ts';

const STRIPE_SECRET = 'whsec_test_0123456789abcdef';
const POSTBACK_SECRET = 'postback-secret-0123456789abcdef';
const EMAIL = 'Buyer.Ann@Example.com';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
afterEach(async () => {
  await db.exec(
    'delete from public.purchases where refund_of is not null; delete from public.purchases; delete from funnel_private.purchase_deliveries; delete from funnel_private.meta_events;',
  );
});
const { rpc, read, asRole } = sqlKit(() => db);

let clock = () => new Date();
const handler = createPurchasesHandler({
  config: purchasesConfig((name) => ({ STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, PURCHASE_POSTBACK_SECRET: POSTBACK_SECRET })[name]),
  store: sqlPurchaseStore(async () => db),
  now: () => clock(),
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  return JSON.stringify({ id, object: 'event', type, created: nowSeconds(), data: { object } });
}
function postStripe(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });
  return handler(new Request('http://local/functions/v1/purchases', { method: 'POST', headers: { 'stripe-signature': header }, body: payload }));
}
function postback(body: Record<string, unknown>, key: string, options: { secret?: string; timestamp?: number } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? nowSeconds());
  const signature = createHmac('sha256', options.secret ?? POSTBACK_SECRET).update(`${timestamp}.${raw}`).digest('hex');
  return handler(
    new Request('http://local/functions/v1/purchases', {
      method: 'POST',
      headers: { 'x-purchase-signature': `sha256=${signature}`, 'x-purchase-timestamp': timestamp, 'idempotency-key': key },
      body: raw,
    }),
  );
}

/** A visit with a lead (and a queued Lead when `meta` is given), arms and a revision. */
async function visit(meta?: Record<string, unknown>) {
  const session = randomUUID();
  const lead = randomUUID();
  await rpc('track_step_view', {
    event_id: randomUUID(), session_id: session, step_name: 'age', step_number: 1,
    flow_id: 'skin-funnel', variants: { headline: { variant: 'bold', override: false } }, language: 'en', revision: 'abcdef012345',
  });
  await rpc('save_quiz_completion', {
    id: lead, session_id: session, name: 'Ann', email: EMAIL, flow_id: 'skin-funnel', revision: 'abcdef012345',
    ...(meta ? { meta } : {}),
  });
  return { session, lead };
}
const leadMeta = (consent: string) => ({
  consent, event_time: 1_795_000_000, event_source_url: 'https://funnel.example.com/contact',
  fbp: 'fb.1.1700000000.123', fbc: 'fb.1.1700000000.AbC',
});
const checkout = (extra: Record<string, unknown> = {}) => ({
  id: `cs_test_${randomUUID()}`, object: 'checkout.session', amount_total: 4900, currency: 'usd',
  payment_status: 'paid', payment_intent: `pi_${randomUUID()}`, created: nowSeconds(),
  customer_details: { email: EMAIL }, ...extra,
});
const purchases = () =>
  read<Record<string, unknown>>(
    'select kind, amount_minor::integer as amount, currency, session_id::text, matched_by, lead_id::text, revision, arms, language, refund_of is not null as linked from public.purchases order by id',
  );

describe('Stripe webhooks', () => {
  it('stores a checkout once, matched by client_reference_id, with its lead, revision and arms; a repeat stores nothing', async () => {
    const { session, lead } = await visit();
    const payload = stripeEvent('checkout.session.completed', checkout({ client_reference_id: session }));
    const first = await postStripe(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'stored', kind: 'purchase', matched: true });
    // Stripe's retry: the same event signed anew.
    const again = await postStripe(payload, { timestamp: nowSeconds() + 1 });
    expect(await again.json()).toEqual({ status: 'duplicate', kind: 'purchase', matched: true });
    expect(await purchases()).toEqual([
      { kind: 'purchase', amount: 4900, currency: 'USD', session_id: session, matched_by: 'reference', lead_id: lead,
        revision: 'abcdef012345', arms: { headline: 'bold' }, language: 'en', linked: false },
    ]);
    expect(JSON.stringify(await read('select * from public.purchases')).toLowerCase()).not.toContain('buyer.ann');
  });

  it('refuses a replayed delivery, a bad signature and a timestamp older than five minutes', async () => {
    const payload = stripeEvent('checkout.session.completed', checkout());
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp: nowSeconds() });
    const send = () =>
      handler(new Request('http://local/', { method: 'POST', headers: { 'stripe-signature': header }, body: payload }));
    expect((await send()).status).toBe(200);
    const replay = await send();
    expect(replay.status).toBe(409);
    expect((await replay.json()).error).toMatch(/^replay/);
    const bad = await postStripe(payload, { secret: 'whsec_wrong' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/signature does not match/);
    const stale = await postStripe(stripeEvent('checkout.session.completed', checkout()), { timestamp: nowSeconds() - 301 });
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toMatch(/timestamp is more than 300 s old/);
    expect(await purchases()).toHaveLength(1);
  });

  it('stores a refund as a negative entry linked to its purchase, only what is new on each charge.refunded', async () => {
    const { session } = await visit();
    const object = checkout({ client_reference_id: session });
    await postStripe(stripeEvent('checkout.session.completed', object));
    const charge = { id: `ch_${randomUUID()}`, object: 'charge', currency: 'usd', payment_intent: object.payment_intent };
    await postStripe(stripeEvent('charge.refunded', { ...charge, amount_refunded: 1000 }));
    await postStripe(stripeEvent('charge.refunded', { ...charge, amount_refunded: 1500 }));
    const rows = await purchases();
    expect(rows.map((r) => [r.kind, r.amount, r.session_id, r.linked])).toEqual([
      ['purchase', 4900, session, false],
      ['refund', -1000, session, true],
      ['refund', -500, session, true],
    ]);
    expect(await read('select sum(amount_minor)::integer as net from public.purchases')).toEqual([{ net: 3400 }]);
  });

  it('matches by the email hash when no reference came back, and keeps an unknown buyer unmatched', async () => {
    const { session } = await visit();
    await postStripe(stripeEvent('checkout.session.completed', checkout({ customer_details: { email: ' buyer.ann@example.COM ' } })));
    await postStripe(stripeEvent('checkout.session.completed', checkout({ customer_details: { email: 'someone@else.example' } })));
    expect((await purchases()).map((r) => [r.session_id, r.matched_by])).toEqual([
      [session, 'email'],
      [null, null],
    ]);
  });
});

describe('the Purchase for the Conversions API', () => {
  const events = () =>
    read<{ event_name: string; event_id: string; consent: string; payload: Record<string, unknown> }>(
      "select event_name, event_id::text, consent, payload from funnel_private.meta_events where event_name = 'Purchase'",
    );

  it('queues a Purchase with the value, currency, the Lead’s user data and an event id derived from the purchase', async () => {
    const { session } = await visit(leadMeta('granted'));
    const object = checkout({ client_reference_id: session, amount_total: 12345 });
    await postStripe(stripeEvent('checkout.session.completed', object));
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    const id = createHash('md5').update(`purchase:stripe:${object.id}`).digest('hex');
    const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
    expect(event?.event_id).toBe(uuid);
    expect(event?.consent).toBe('granted');
    expect(event?.payload).toMatchObject({
      event_name: 'Purchase', event_id: uuid, action_source: 'website',
      custom_data: { value: 123.45, currency: 'USD' },
      user_data: { em: [createHash('sha256').update(EMAIL.toLowerCase()).digest('hex')], fbp: 'fb.1.1700000000.123', fbc: 'fb.1.1700000000.AbC' },
    });
  });

  it('queues nothing for a visit with no Lead event (no consent) or an unmatched purchase; waits while consent is pending', async () => {
    const { session } = await visit();
    await postStripe(stripeEvent('checkout.session.completed', checkout({ client_reference_id: session })));
    await postStripe(stripeEvent('checkout.session.completed', checkout({ customer_details: { email: 'x@y.example' } })));
    expect(await events()).toEqual([]);
    const pending = await visit(leadMeta('pending'));
    await postStripe(stripeEvent('checkout.session.completed', checkout({ client_reference_id: pending.session })));
    expect((await events()).map((e) => e.consent)).toEqual(['pending']);
    await rpc('record_ad_consent', { session_id: pending.session, consent: 'denied' });
    expect(await events()).toEqual([]);
  });
});

describe('signed postbacks', () => {
  it('refuses a wrong HMAC, stores a repeat once, counts an unmatched purchase', async () => {
    const { session } = await visit();
    const body = { type: 'purchase', order_id: 'order-1', amount: 2500, currency: 'eur', client_reference_id: session };
    expect((await postback(body, 'order-1', { secret: 'wrong-secret' })).status).toBe(400);
    expect(await (await postback(body, 'order-1')).json()).toEqual({ status: 'stored', kind: 'purchase', matched: true });
    expect(await (await postback(body, 'order-1', { timestamp: nowSeconds() + 2 })).json()).toMatchObject({ status: 'duplicate' });
    expect(await (await postback({ ...body, client_reference_id: randomUUID() }, 'order-2')).json()).toEqual({
      status: 'stored', kind: 'purchase', matched: false,
    });
    const refund = await postback({ type: 'refund', amount: 500, currency: 'EUR', refund_of: 'order-1' }, 'refund-1');
    expect(await refund.json()).toMatchObject({ status: 'stored', kind: 'refund', matched: true });
    expect(
      await read('select count(*)::integer as entries, (count(*) filter (where session_id is null))::integer as unmatched, sum(amount_minor)::integer as net from public.purchases'),
    ).toEqual([{ entries: 3, unmatched: 1, net: 4500 }]);
  });

  it('names the field it refuses', async () => {
    const stale = await postback({ type: 'purchase', amount: 1, currency: 'USD' }, 'k', { timestamp: nowSeconds() - 400 });
    expect((await stale.json()).error).toMatch(/^X-Purchase-Timestamp: /);
    expect((await (await postback({ type: 'gift', amount: 1, currency: 'USD' }, 'k2')).json()).error).toMatch(/^type: /);
    expect((await (await postback({ type: 'purchase', amount: 1.5, currency: 'USD' }, 'k3')).json()).error).toMatch(/^amount /);
    const currency = await postback({ type: 'purchase', amount: 100, currency: 'US' }, 'k4');
    expect(currency.status).toBe(400);
    expect((await currency.json()).error).toBe('entry.currency: must be a three-letter ISO 4217 code');
  });
});

describe('who may touch purchases', () => {
  it('keeps the table and the RPC out of the browser roles’ reach', async () => {
    expect((await failure(asRole('anon', 'select * from public.purchases'))).code).toBe('42501');
    expect((await failure(asRole('authenticated', 'select * from public.purchases'))).code).toBe('42501');
    expect((await failure(rpc('record_purchase', { entry: {} }))).code).toBe('42501');
  });
  it('is configured by env: a missing secret is a clear 503', async () => {
    const unconfigured = createPurchasesHandler({ config: purchasesConfig(() => undefined), store: sqlPurchaseStore(async () => db) });
    const response = await unconfigured(new Request('http://local/', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/STRIPE_WEBHOOK_SECRET/);
    clock = () => new Date();
  });
});
