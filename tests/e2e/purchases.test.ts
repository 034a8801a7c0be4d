/**
 * Revenue closes the loop (issue 45), in Chromium on a production build with a pixel id, a local
 * Conversions API receiver and the purchases endpoint's secrets set. The visitor walks the skin funnel to
 * its redirect; the test reads client_reference_id from the redirect URL and posts, as Stripe would, a
 * checkout.session.completed signed with the stripe library's test header helper to
 * /functions/v1/purchases. Checked: stored once after a repeat, a refund lowers the net revenue, a bad
 * signature and a five-minute-old timestamp refused, and a Purchase with that value and an event id
 * derived from the purchase reaches the receiver. Then a generic postback: wrong HMAC refused, a repeat
 * stored once, an unknown buyer counted as unmatched.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, buttonOf, expectScreen, press, routeOf, screenOf, tapOption } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { sharedBuild } from './shared-build.ts';

const PIXEL_ID = '987654321098765';
const STRIPE_SECRET = 'whsec_e2e_0123456789abcdef';
const POSTBACK_SECRET = 'postback-e2e-0123456789abcdef';
const PROVIDER = /^https:\/\/([a-z0-9-]+\.)*(facebook\.net|facebook\.com)\//;
// A stand-in for Meta's fbevents.js: the queued fbq calls are taken and dropped.
const FAKE_FBEVENTS = '(function () { window.fbq.callMethod = function () {}; window.fbq.queue.splice(0); })();';

interface Event {
  event_name: string;
  event_id: string;
  custom_data?: { value?: number; currency?: string };
  user_data: { em?: string[] };
}
const received: Event[] = [];
let receiver: Server;
let harness: Harness;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const event = (JSON.parse(body) as { data: Event[] }).data[0];
      if (event) received.push(event);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const { port } = receiver.address() as AddressInfo;
  const env = {
    META_PIXEL_ID: PIXEL_ID,
    META_ACCESS_TOKEN: 'EAAe2e-purchase-token',
    META_GRAPH_URL: `http://127.0.0.1:${port}/v21.0`,
    META_WORKER_INTERVAL_MS: '200',
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    PURCHASE_POSTBACK_SECRET: POSTBACK_SECRET,
  };
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  harness = await startHarness({ outDir: await sharedBuild({ VITE_META_PIXEL_ID: PIXEL_ID }) });
}, 300_000);
afterAll(async () => {
  await harness?.stop();
  await new Promise((done) => receiver?.close(done));
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const now = () => Math.floor(Date.now() / 1000);
const endpoint = () => `${harness.baseUrl}/functions/v1/purchases`;
function sendStripe(type: string, object: Record<string, unknown>, options: { eventId?: string; secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: options.eventId ?? `evt_${randomUUID()}`, object: 'event', type, created: now(), data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_SECRET,
    timestamp: options.timestamp ?? now(),
  });
  return fetch(endpoint(), { method: 'POST', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, body: payload });
}
function sendPostback(body: Record<string, unknown>, key: string, secret = POSTBACK_SECRET, offset = 0) {
  const raw = JSON.stringify(body);
  const timestamp = String(now() + offset);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
  return fetch(endpoint(), {
    method: 'POST',
    headers: { 'x-purchase-signature': `sha256=${signature}`, 'x-purchase-timestamp': timestamp, 'idempotency-key': key },
    body: raw,
  });
}
const net = async (session: string) =>
  (await harness.rows<{ net: number | null }>('select sum(amount_minor)::integer as net from public.purchases where session_id = $1', [session]))[0]?.net;

describe('purchases from the sales page', () => {
  it('matches a Stripe checkout to the visit the redirect named, once, refunds lower it, and Meta gets the Purchase', async () => {
    const tp = await harness.open();
    await tp.context.route(PROVIDER, (route) =>
      route.request().url().endsWith('/fbevents.js')
        ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_FBEVENTS })
        : route.fulfill({ status: 204 }),
    );
    const email = 'buyer.e2e@example.com';
    // Ad events (and so the server-side Lead whose consent a Purchase follows) need the marketing referrer.
    await tp.page.goto(tp.url(routeOf('email-capture')), { referer: 'https://www.example.com/spring-offer' });
    await expectScreen(tp.page, 'email-capture');
    await tp.page.getByRole('region').getByRole('button', { name: 'Allow', exact: true }).click();
    const [nameField, emailField] = screenOf('email-capture').fields ?? [];
    await tp.page.getByLabel(nameField?.label ?? 'Name', { exact: true }).fill('Robin');
    await tp.page.getByLabel(emailField?.label ?? 'Email', { exact: true }).fill(email);
    await button(tp.page, buttonOf('email-capture')).click();
    await expectScreen(tp.page, 'doctor-investigation');
    await tapOption(tp.page, 'doctor-investigation', 'poor-sleep');
    await press(tp.page, buttonOf('doctor-investigation'));
    await expectScreen(tp.page, 'anti-aging-experience');
    await tapOption(tp.page, 'anti-aging-experience', "My old routine used to work, but it's failing now");
    await press(tp.page, buttonOf('anti-aging-experience'));
    await expectScreen(tp.page, 'reveal-age');
    await press(tp.page, buttonOf('reveal-age'));
    for (const id of ['root-cause-reveal', 'education-urgency', 'treatment-projection', 'reversal-protocol']) {
      await expectScreen(tp.page, id);
      await press(tp.page, buttonOf(id));
    }
    await tp.page.waitForURL(/example\.com\/recommendation/, { timeout: 15_000 });
    const reference = new URL(tp.page.url()).searchParams.get('client_reference_id') ?? '';
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(await harness.rows('select 1 as known from public.quiz_completions where session_id = $1 and not partial', [reference])).toEqual([{ known: 1 }]);

    const checkout = {
      id: `cs_test_${randomUUID()}`, object: 'checkout.session', amount_total: 8900, currency: 'usd', payment_status: 'paid',
      payment_intent: `pi_${randomUUID()}`, client_reference_id: reference, customer_details: { email }, created: now(),
    };
    const eventId = `evt_${randomUUID()}`;
    const first = await sendStripe('checkout.session.completed', checkout, { eventId });
    expect(await first.json()).toEqual({ status: 'stored', kind: 'purchase', matched: true });
    const repeat = await sendStripe('checkout.session.completed', checkout, { eventId, timestamp: now() + 1 });
    expect(await repeat.json()).toMatchObject({ status: 'duplicate' });
    expect(await net(reference)).toBe(8900);

    const bad = await sendStripe('checkout.session.completed', { ...checkout, id: 'cs_forged' }, { secret: 'whsec_forged' });
    expect(bad.status).toBe(400);
    const stale = await sendStripe('checkout.session.completed', { ...checkout, id: 'cs_stale' }, { timestamp: now() - 5 * 60 - 1 });
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toMatch(/timestamp/);

    const refund = await sendStripe('charge.refunded', {
      id: `ch_${randomUUID()}`, object: 'charge', currency: 'usd', amount_refunded: 2000, payment_intent: checkout.payment_intent,
    });
    expect(await refund.json()).toMatchObject({ status: 'stored', kind: 'refund', matched: true });
    expect(await net(reference)).toBe(6900);
    expect(await harness.rows('select count(*)::integer as n from public.purchases where session_id = $1', [reference])).toEqual([{ n: 2 }]);

    const md5 = createHash('md5').update(`purchase:stripe:${checkout.id}`).digest('hex');
    const purchaseId = `${md5.slice(0, 8)}-${md5.slice(8, 12)}-${md5.slice(12, 16)}-${md5.slice(16, 20)}-${md5.slice(20)}`;
    await expect.poll(() => received.filter((e) => e.event_name === 'Purchase').length, { timeout: 20_000, interval: 100 }).toBe(1);
    const purchase = received.find((e) => e.event_name === 'Purchase');
    expect(purchase?.event_id).toBe(purchaseId);
    expect(purchase?.custom_data).toEqual({ value: 89, currency: 'USD' });
    expect(purchase?.user_data.em).toEqual([createHash('sha256').update(email).digest('hex')]);
  }, 180_000);

  it('takes a generic signed postback: a wrong HMAC refused, a repeat stored once, an unknown buyer unmatched', async () => {
    const order = { type: 'purchase', order_id: `order-${randomUUID()}`, amount: 1500, currency: 'EUR', email: 'nobody@example.com' };
    expect((await sendPostback(order, order.order_id, 'not-the-secret')).status).toBe(400);
    expect(await (await sendPostback(order, order.order_id)).json()).toEqual({ status: 'stored', kind: 'purchase', matched: false });
    // The shop's retry, signed anew (the very same signed request again would be a replay, refused).
    expect(await (await sendPostback(order, order.order_id, POSTBACK_SECRET, 1)).json()).toMatchObject({ status: 'duplicate' });
    expect(
      await harness.rows("select count(*)::integer as n, bool_and(session_id is null) as unmatched from public.purchases where source = 'postback'"),
    ).toEqual([{ n: 1, unmatched: true }]);
  }, 60_000);
});
