/**
 * Server-side Meta conversions in Chromium (issue 16), on a production build with a pixel id and a local
 * Graph API receiver (node:http on 127.0.0.1, META_GRAPH_URL pointed at it). The local server's worker
 * runs every 200 ms with a 300 ms backoff base (META_WORKER_INTERVAL_MS, META_RETRY_BASE_MS: the short
 * schedule stands in for the 60 s outage, which server/meta-conversions.test.ts runs on fake time).
 * The receiver answers 503 until it has refused the Lead twice, then 200. Checked: one Lead and one
 * CompleteRegistration arrive, each once, with the browser pixel's eventID and the hashed email; a
 * declined visitor's walk sends nothing; no console line, page message or receiver request carries the
 * plain email, name or token. Two tabs of one visit: an "Allow" over the other tab's refusal is asked again
 * (the banner says she declined earlier) and no Meta event is queued until she confirms it.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { button, buttonOf, expectScreen, press, routeOf, screenOf, tapOption } from './funnel.ts';
import { repoRoot, startHarness, type Harness } from './harness.ts';
import { readFlowRevision } from '../../common/flow-revision.ts';
import { sharedBuild } from './shared-build.ts';
import { CONSENT_KEY, DECLINED_EARLIER_TEXT } from '../../src/tracking/consent.ts';

const PIXEL_ID = '987654321098765';
const TOKEN = 'EAAe2e-secret-token-5551234';
const NAME = 'Quinn';
const PROVIDER = /^https:\/\/([a-z0-9-]+\.)*(facebook\.net|facebook\.com)\//;
const MARKETING_REFERRER = 'https://www.example.com/spring-offer';
// Each fbq call goes to the test process (window.__recordFbq), so it outlives the page's last navigation.
const FAKE_FBEVENTS = `(function () {
  function handle(args) { window.__recordFbq(JSON.parse(JSON.stringify(Array.prototype.slice.call(args)))); }
  window.fbq.callMethod = function () { handle(arguments); };
  window.fbq.queue.splice(0).forEach(handle);
})();`;

interface Received {
  url: string;
  body: string;
  status: number;
  event: { event_name: string; event_id: string; user_data: { em?: string[] } };
}
const received: Received[] = [];
const pushes: Record<string, unknown>[] = [];
let refusedLeads = 0;
let receiver: Server;
let outDir: string;
let harness: Harness;
const logged: string[] = [];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { data: Received['event'][] };
      const event = parsed.data[0];
      if (!event) throw new Error('no event in the request');
      const down = event.event_name === 'Lead' && refusedLeads < 2;
      if (down) refusedLeads += 1;
      const status = down ? 503 : 200;
      received.push({ url: req.url ?? '', body, status, event });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(down ? '{"error":{}}' : '{"events_received":1}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const env = {
    VITE_META_PIXEL_ID: PIXEL_ID,
    META_PIXEL_ID: PIXEL_ID,
    META_ACCESS_TOKEN: TOKEN,
    META_GRAPH_URL: `http://127.0.0.1:${port}/v21.0`,
    META_WORKER_INTERVAL_MS: '200',
    META_RETRY_BASE_MS: '300',
  };
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  // Every line the server side prints during the run, for the personal-data scan.
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    });
  }
  // The build with the pixel id, shared with ad-pixel.test.ts (the META_* settings are the server's).
  outDir = await sharedBuild({ VITE_META_PIXEL_ID: PIXEL_ID });
  harness = await startHarness({ outDir });
}, 300_000);
afterEach(async () => {
  await harness.closePages();
});
afterAll(async () => {
  await harness?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
});

/** Answers Meta's hosts with the stand-in; returns the fbq calls it records. */
async function stubProvider(context: BrowserContext): Promise<unknown[][]> {
  const calls: unknown[][] = [];
  await context.exposeFunction('__recordFbq', (call: unknown[]) => calls.push(call));
  // window.dataLayer's pushes go to the test process too (as GTM would read them).
  await context.exposeFunction('__recordDataLayer', (event: Record<string, unknown>) => pushes.push(event));
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    layer.push = (...events: unknown[]) => {
      for (const event of events) (window as unknown as { __recordDataLayer(e: unknown): void }).__recordDataLayer(event);
      return Array.prototype.push.apply(layer, events);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  await context.route(PROVIDER, (route) =>
    route.request().url().endsWith('/fbevents.js')
      ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_FBEVENTS })
      : route.fulfill({ status: 204 }),
  );
  return calls;
}

/** From the email capture to 'Creating Your Protocol' (Lead, then CompleteRegistration). */
async function walkFromContactForm(page: Page, email: string, consent: 'Allow' | 'No thanks'): Promise<void> {
  const banner = page.getByRole('region');
  await banner.getByRole('button', { name: consent, exact: true }).click();
  const [nameField, emailField] = screenOf('email-capture').fields ?? [];
  await page.getByLabel(nameField?.label ?? 'Name', { exact: true }).fill(NAME);
  await page.getByLabel(emailField?.label ?? 'Email', { exact: true }).fill(email);
  await button(page, buttonOf('email-capture')).click();
  await expectScreen(page, 'doctor-investigation');
  await tapOption(page, 'doctor-investigation', 'poor-sleep');
  await press(page, buttonOf('doctor-investigation'));
  await expectScreen(page, 'anti-aging-experience');
  await tapOption(page, 'anti-aging-experience', "My old routine used to work, but it's failing now");
  await press(page, buttonOf('anti-aging-experience'));
  // Opened at the email form, she has given no age yet: it is asked before the reveal's score.
  await expectScreen(page, 'reveal-age');
  await press(page, buttonOf('reveal-age'));
  for (const id of ['root-cause-reveal', 'education-urgency', 'treatment-projection', 'reversal-protocol']) {
    await expectScreen(page, id);
    await press(page, buttonOf(id));
  }
  await page.waitForURL(/example\.com\/recommendation/, { timeout: 15_000 });
}

describe('server-side Meta conversions', () => {
  it('sends one Lead and one CompleteRegistration with the pixel’s event ids, once each through an outage', async () => {
    const tp = await harness.open();
    const calls = await stubProvider(tp.context);
    // Every console line of the page, at every level.
    const pageLines: string[] = [];
    tp.page.on('console', (message) => pageLines.push(message.text()));
    const email = ' Quinn.Capi@Example.com';
    await tp.page.goto(tp.url(routeOf('email-capture')), { referer: MARKETING_REFERRER });
    await expectScreen(tp.page, 'email-capture');
    await walkFromContactForm(tp.page, email, 'Allow');
    const tracksBefore = calls.filter((call) => call[0] === 'track');
    // The dataLayer: the documented events in order, answer keys only, each with the flow and screen.
    const screens = ['email-capture', 'doctor-investigation', 'anti-aging-experience', 'reveal-age', 'root-cause-reveal',
      'education-urgency', 'treatment-projection', 'reversal-protocol', 'creating-protocol'];
    const trail = pushes.map((p) => (p.event === 'funnel_answer' ? `answer:${String(p.answer)}` : `${String(p.event)}:${String(p.screen)}`));
    expect(trail.filter((t) => t.startsWith('funnel_screen_view')).map((t) => t.split(':')[1])).toEqual(screens);
    expect(trail.indexOf('funnel_lead:email-capture')).toBeGreaterThan(trail.indexOf('answer:email'));
    expect(trail.filter((t) => t.startsWith('funnel_lead'))).toEqual(['funnel_lead:email-capture']);
    expect(trail.at(-1)).toBe('funnel_complete:creating-protocol');
    expect(pushes.every((p) => p.flow_id === 'skin-funnel' && p.flow_version === 1 && 'variant' in p)).toBe(true);
    // And the revision the build stamped (issue 44), the content hash of the flow files it was built from.
    const revision = await readFlowRevision(join(repoRoot, 'flows/skin-funnel.json'));
    expect(pushes.every((p) => p.flow_revision === revision)).toBe(true);
    expect(JSON.stringify(pushes).toLowerCase()).not.toContain('quinn');

    const [lead] = await harness.rows<{ id: string }>('select id::text from public.quiz_completions where session_id is not null and name = $1', [NAME]);
    const browserIds = Object.fromEntries(
      tracksBefore.filter((call) => call[1] !== 'PageView').map((call) => [call[1], (call[3] as { eventID: string }).eventID]),
    );
    expect(browserIds).toEqual({ Lead: lead?.id, CompleteRegistration: lead?.id });

    await expect.poll(() => received.filter((r) => r.status === 200).length, { timeout: 20_000, interval: 100 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ok = received.filter((r) => r.status === 200);
    expect(ok.map((r) => [r.event.event_name, r.event.event_id]).sort()).toEqual([
      ['CompleteRegistration', browserIds.CompleteRegistration],
      ['Lead', browserIds.Lead],
    ]);
    expect(refusedLeads).toBe(2);
    const hashed = createHash('sha256').update('quinn.capi@example.com').digest('hex');
    expect(ok.map((r) => r.event.user_data.em)).toEqual([[hashed], [hashed]]);
    expect(received.every((r) => r.url === `/v21.0/${PIXEL_ID}/events`)).toBe(true);

    const pageText = [...pageLines, ...tp.problems].join('\n') + JSON.stringify(tracksBefore);
    expect(pageLines.length).toBeGreaterThan(0);
    const serverText = logged.join('\n') + received.map((r) => r.url + r.body.replace(TOKEN, '')).join('\n');
    for (const secret of ['quinn.capi', NAME, TOKEN]) {
      expect(pageText.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(serverText.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  }, 120_000);

  it('keeps a partial lead for a visitor who leaves after typing her email, upgraded in place when she finishes', async () => {
    const tp = await harness.open();
    await stubProvider(tp.context);
    const email = 'partial.capi@example.com';
    const rows = () =>
      harness.rows<{ id: string; partial: boolean; name: string | null }>(
        'select id::text, partial, name from public.quiz_completions where email = $1', [email]);
    await tp.page.goto(tp.url(routeOf('email-capture')), { referer: MARKETING_REFERRER });
    await expectScreen(tp.page, 'email-capture');
    await tp.page.getByRole('region').getByRole('button', { name: 'Allow', exact: true }).click();
    const [, emailField] = screenOf('email-capture').fields ?? [];
    await tp.page.getByLabel(emailField?.label ?? 'Email', { exact: true }).fill(email);
    // She leaves (pagehide) and comes back in the same tab.
    await tp.page.goto('about:blank');
    await expect.poll(rows, { timeout: 10_000, interval: 100 }).toEqual([{ id: expect.any(String), partial: true, name: null }]);
    await tp.page.goBack();
    await expectScreen(tp.page, 'email-capture');
    const [nameField] = screenOf('email-capture').fields ?? [];
    await tp.page.getByLabel(nameField?.label ?? 'Name', { exact: true }).fill('Pat');
    await button(tp.page, buttonOf('email-capture')).click();
    await expectScreen(tp.page, 'doctor-investigation');
    await expect.poll(rows, { timeout: 10_000, interval: 100 }).toEqual([{ id: expect.any(String), partial: false, name: 'Pat' }]);
    const [row] = await rows();
    // One Lead for Meta, with the upgraded row's id; the partial one was never queued.
    expect(await harness.rows('select event_id::text, revision from funnel_private.meta_events where session_id = (select session_id from public.quiz_completions where email = $1)', [email]))
      .toEqual([{ event_id: row?.id, revision: await readFlowRevision(join(repoRoot, 'flows/skin-funnel.json')) }]);
  }, 120_000);

  // Issue 42, break 7: both tabs show the banner; she declines in one, then taps "Allow" in the other.
  it('two tabs, refusal in one, "Allow" in the other: no Meta event until she confirms the new choice', async () => {
    const tp = await harness.open();
    await stubProvider(tp.context);
    await tp.page.goto(tp.url(routeOf('email-capture')), { referer: MARKETING_REFERRER });
    await expectScreen(tp.page, 'email-capture');
    const other = await tp.context.newPage();
    await other.goto(tp.url(routeOf('email-capture')), { referer: MARKETING_REFERRER });
    await expectScreen(other, 'email-capture');
    const banner = other.getByRole('region');
    await banner.getByRole('button', { name: 'Allow', exact: true }).waitFor();
    await tp.page.getByRole('region').getByRole('button', { name: 'No thanks', exact: true }).click();
    await banner.getByRole('button', { name: 'Allow', exact: true }).click();
    // The later "Allow" is not taken: the banner says she declined earlier and asks again.
    await banner.getByText(DECLINED_EARLIER_TEXT, { exact: true }).waitFor();
    expect(await other.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('denied');

    // Her lead, sent before she confirms: saved, with no Meta event queued.
    const email = 'two.tabs@example.com';
    const [nameField, emailField] = screenOf('email-capture').fields ?? [];
    await other.getByLabel(nameField?.label ?? 'Name', { exact: true }).fill('Tabitha');
    await other.getByLabel(emailField?.label ?? 'Email', { exact: true }).fill(email);
    await button(other, buttonOf('email-capture')).click();
    await expectScreen(other, 'doctor-investigation');
    const session = async () =>
      (await harness.rows<{ session_id: string }>('select session_id::text from public.quiz_completions where email = $1', [email]))[0]
        ?.session_id;
    await expect.poll(session, { timeout: 10_000, interval: 100 }).toEqual(expect.any(String));
    const queued = async () =>
      (await harness.rows<{ event_name: string }>('select event_name from funnel_private.meta_events where session_id = $1', [
        await session(),
      ])).map((row) => row.event_name);
    // Time for any write the tabs still hold (consent, lead) to land.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await queued()).toEqual([]);
    expect(await harness.rows('select ad_consent from public.quiz_completions where email = $1', [email])).not.toContainEqual({
      ad_consent: 'granted',
    });

    // She confirms the new choice; what she does from then on is sent.
    await banner.getByRole('button', { name: 'Allow', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await other.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('granted');
    await tapOption(other, 'doctor-investigation', 'poor-sleep');
    await press(other, buttonOf('doctor-investigation'));
    await expectScreen(other, 'anti-aging-experience');
    await tapOption(other, 'anti-aging-experience', "My old routine used to work, but it's failing now");
    await press(other, buttonOf('anti-aging-experience'));
    await expectScreen(other, 'reveal-age');
    await press(other, buttonOf('reveal-age'));
    for (const id of ['root-cause-reveal', 'education-urgency', 'treatment-projection', 'reversal-protocol']) {
      await expectScreen(other, id);
      await press(other, buttonOf(id));
    }
    await other.waitForURL(/example\.com\/recommendation/, { timeout: 15_000 });
    await expect.poll(queued, { timeout: 10_000, interval: 100 }).toEqual(['CompleteRegistration']);
    await other.close();
  }, 120_000);

  it('sends nothing from the server when the visitor declines', async () => {
    const tp = await harness.open();
    await stubProvider(tp.context);
    await tp.page.goto(tp.url(routeOf('email-capture')), { referer: MARKETING_REFERRER });
    await expectScreen(tp.page, 'email-capture');
    await walkFromContactForm(tp.page, 'decline.capi@example.com', 'No thanks');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Earlier walks' events may still arrive (the worker is asynchronous); none is this visitor's.
    const declined = createHash('sha256').update('decline.capi@example.com').digest('hex');
    expect(received.some((r) => r.event.user_data.em?.includes(declined))).toBe(false);
    expect(await harness.rows('select 1 from funnel_private.meta_events e join public.quiz_completions c on c.id = e.event_id where c.email = $1', ['decline.capi@example.com'])).toEqual([]);
  }, 120_000);
});
