/**
 * The ad pixel with consent 'required' (the shipped setting), in Chromium, on a production build made
 * with a pixel id. The provider's hosts are answered by a stand-in for Meta's script that records every
 * fbq call and sends a `/tr` beacon per tracked event, as the real one does. Checked by listening to
 * every request: nothing goes to the provider before the visitor accepts; after acceptance the pixel
 * is initialised once and the Lead goes out with the flow's payload and the lead's id; a decline is
 * remembered and nothing is ever sent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAIT, button, buttonOf, expectScreen, routeOf, screenOf } from './funnel.ts';
import { repoRoot, startHarness, type Harness } from './harness.ts';
import { sharedBuild } from './shared-build.ts';
import { DEFAULT_FLOW_FILE } from '../../supabase/functions/_shared/flow-path.ts';

const PIXEL_ID = '987654321098765';
const PROVIDER = /^https:\/\/([a-z0-9-]+\.)*(facebook\.net|facebook\.com)\//;
const MARKETING_REFERRER = 'https://www.example.com/spring-offer';

/** The banner's copy, read from the flow file. */
function bannerCopy(): { text: string; accept: string; decline: string } {
  const raw: unknown = JSON.parse(readFileSync(join(repoRoot, DEFAULT_FLOW_FILE), 'utf8'));
  const banner: unknown =
    raw && typeof raw === 'object' && 'settings' in raw && raw.settings && typeof raw.settings === 'object' && 'consentBanner' in raw.settings
      ? raw.settings.consentBanner
      : undefined;
  if (!banner || typeof banner !== 'object' || !('text' in banner) || !('accept' in banner) || !('decline' in banner)) {
    throw new Error(`${DEFAULT_FLOW_FILE} has no settings.consentBanner`);
  }
  return { text: String(banner.text), accept: String(banner.accept), decline: String(banner.decline) };
}
const banner = bannerCopy();

/** Meta's script, as far as the funnel can tell: it takes over fbq's queue and beacons each track call. */
const FAKE_FBEVENTS = `(function () {
  var calls = (window.__fbqCalls = []);
  function handle(args) {
    args = Array.prototype.slice.call(args);
    calls.push(JSON.parse(JSON.stringify(args)));
    if (args[0] !== 'track') return;
    var query = 'id=${PIXEL_ID}&ev=' + encodeURIComponent(args[1]) + '&cd=' + encodeURIComponent(JSON.stringify(args[2] || {})) +
      '&eid=' + encodeURIComponent((args[3] && args[3].eventID) || '');
    new Image().src = 'https://www.facebook.com/tr?' + query;
  }
  window.fbq.callMethod = function () { handle(arguments); };
  window.fbq.queue.splice(0).forEach(handle);
})();`;

let outDir: string;
let harness: Harness;

beforeAll(async () => {
  // The build with a pixel id, shared with meta-capi.test.ts.
  outDir = await sharedBuild({ VITE_META_PIXEL_ID: PIXEL_ID });
  harness = await startHarness({ outDir });
}, 300_000);
afterEach(async () => {
  await harness.closePages();
});
afterAll(async () => {
  await harness?.stop();
});

/** Answers the provider's hosts with the stand-in and records every request to them, in order. */
async function provider(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  context.on('request', (request) => {
    if (PROVIDER.test(request.url())) requests.push(request.url());
  });
  await context.route(PROVIDER, (route) =>
    route.request().url().endsWith('/fbevents.js')
      ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_FBEVENTS })
      : route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') }),
  );
  return requests;
}

const fbqCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? null);

async function sendContactForm(page: Page, name: string, email: string): Promise<void> {
  const [nameField, emailField] = screenOf('contact-collection').fields ?? [];
  await page.getByLabel(nameField?.label ?? 'Name', { exact: true }).fill(name);
  await page.getByLabel(emailField?.label ?? 'Email', { exact: true }).fill(email);
  await button(page, buttonOf('contact-collection')).click();
  await page.waitForURL((url) => url.pathname !== routeOf('contact-collection'), WAIT);
}

describe("the ad pixel with consent 'required'", () => {
  it('sends nothing to the provider before the visitor accepts; after that the Lead goes out once', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    const requests = await provider(context);
    const email = 'pixel.accept@example.com';

    await page.goto(tp.url(routeOf('contact-collection')), { referer: MARKETING_REFERRER });
    await expectScreen(page, 'contact-collection');
    const region = page.getByRole('region', { name: banner.text });
    await region.waitFor();
    // The Lead happens before the choice: it waits, and still nothing reaches the provider.
    await sendContactForm(page, 'Pia', email);
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');

    await region.getByRole('button', { name: banner.accept, exact: true }).click();
    await region.waitFor({ state: 'detached' });
    await expect.poll(() => requests.filter((url) => url.includes('ev=Lead')).length, WAIT).toBe(1);
    expect(requests[0]).toBe('https://connect.facebook.net/en_US/fbevents.js');

    const lead = (await harness.rows<{ id: string }>('select id from public.quiz_completions where email = $1', [email]))[0];
    const calls = (await fbqCalls(page)) ?? [];
    expect(calls.filter((call) => call[0] === 'init')).toEqual([['init', PIXEL_ID]]);
    expect(calls.filter((call) => call[1] === 'PageView')).toHaveLength(1);
    const declared = screenOf('contact-collection').continue?.find((action) => action.type === 'pixel')?.params;
    expect(calls.filter((call) => call[1] === 'Lead')).toEqual([['track', 'Lead', declared?.data, { eventID: lead?.id }]]);
    expect(declared?.data).toEqual({ content_name: 'Anti-Aging Assessment', content_category: 'Lead Generation', value: 1, currency: 'USD' });
    // Neither the calls nor any request carries the email, plain or encoded.
    const everything = JSON.stringify(calls) + requests.join('\n');
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(encodeURIComponent(email));

    // A reload asks nothing again and does not send the Lead twice.
    await page.reload();
    await page.waitForTimeout(800);
    expect(await page.getByRole('region', { name: banner.text }).count()).toBe(0);
    expect(requests.filter((url) => url.includes('ev=Lead'))).toHaveLength(1);
    expect(tp.problems).toEqual([]);
  });

  it('declining is remembered, and nothing is ever sent to the provider', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    const requests = await provider(context);

    await page.goto(tp.url(routeOf('contact-collection')), { referer: MARKETING_REFERRER });
    const region = page.getByRole('region', { name: banner.text });
    await region.getByRole('button', { name: banner.decline, exact: true }).click();
    await region.waitFor({ state: 'detached' });
    await sendContactForm(page, 'Dee', 'pixel.decline@example.com');

    await page.goto(tp.url(routeOf('contact-collection')), { referer: MARKETING_REFERRER });
    await expectScreen(page, 'contact-collection');
    await page.waitForTimeout(800);
    expect(await page.getByRole('region', { name: banner.text }).count()).toBe(0);
    expect(requests).toEqual([]);
    expect(await fbqCalls(page)).toBeNull();
  });
});
