/**
 * The outbox's limits in a real browser (issues 17 and 18): a server that commits a lead but never
 * answers holds later writes for no longer than the request timeout, and the lead is stored once; two
 * tabs of one browser, one closed offline, both land their leads exactly once; and a lead the server
 * refuses is shown by its field, corrected by the visitor and stored once.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAIT, button, buttonOf, expectScreen, flow, routeOf, screenOf, tapOption } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterEach(async () => {
  await harness?.closePages();
});

afterAll(async () => {
  await harness?.stop();
});

/** The outbox's per-request timeout (src/app/tracking-chunk.ts). */
const REQUEST_TIMEOUT_MS = 10_000;

async function completions(email: string): Promise<number> {
  const rows = await harness.rows<{ n: number }>(
    // A partial lead (sent by a closing tab's keepalive request, which offline emulation does not stop)
    // is upgraded in place by the full one: count leads, not partial rows.
    'select count(*)::int as n from public.quiz_completions where email = $1 and not partial',
    [email],
  );
  return rows[0]?.n ?? 0;
}

async function fillLead(page: Page, id: string, name: string, email: string): Promise<void> {
  const [nameField, emailField] = screenOf(id).fields ?? [];
  await page.getByLabel(nameField?.label ?? 'name', { exact: true }).fill(name);
  await page.getByLabel(emailField?.label ?? 'email', { exact: true }).fill(email);
}

/** The session id, once the app (which loads after the page's first paint) has stored it. */
async function sessionOf(page: Page): Promise<string | null> {
  const read = () => page.evaluate((key) => sessionStorage.getItem(key), flow.storage.sessionIdKey);
  await expect.poll(read, WAIT).not.toBeNull();
  return read();
}

describe('a server that commits a lead but never answers', () => {
  it('holds no other write behind it, retries it once the request times out, and stores it once', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    const email = 'hung.answer@example.com';
    let hungAt = 0;
    await context.route('**/rest/v1/rpc/save_quiz_completion', async (route) => {
      // A partial lead goes out by itself (keepalive, outside the outbox): only the lead save hangs.
      const partial = (route.request().postDataJSON() as { partial?: unknown } | null)?.partial === true;
      if (hungAt !== 0 || partial) {
        await route.continue();
        return;
      }
      hungAt = Date.now();
      // The server gets the lead and commits it; its answer never reaches the browser.
      await route.fetch().catch(() => undefined);
    });

    await page.goto(tp.url(routeOf('email-capture')));
    await expectScreen(page, 'email-capture');
    const session = await sessionOf(page);
    await fillLead(page, 'email-capture', 'Hana', email);
    await button(page, buttonOf('email-capture')).click();
    await expectScreen(page, 'doctor-investigation');
    await expect.poll(() => hungAt, WAIT).toBeGreaterThan(0);
    await expect.poll(() => completions(email), WAIT).toBe(1);

    // A step view queued once the lead hangs is in a lane of its own (src/tracking/write-lanes.ts): it
    // lands at once, not after the hung request's timeout. (The doctor screen's own step view may have
    // gone out before the lead save on a busy machine, so the screen after it is the one watched.)
    const doctor = screenOf('doctor-investigation');
    await tapOption(page, 'doctor-investigation', doctor.options?.[0]?.value ?? '');
    await button(page, buttonOf('doctor-investigation')).click();
    await expectScreen(page, 'anti-aging-experience');
    const step = screenOf('anti-aging-experience').track?.step ?? 'anti_aging_experience';
    const landed = () =>
      harness.rows('select 1 from public.quiz_step_tracking where session_id = $1 and step_name = $2', [
        session,
        step,
      ]);
    await expect
      .poll(async () => (await landed()).length, { timeout: REQUEST_TIMEOUT_MS - 1_000, interval: 100 })
      .toBe(1);
    expect(Date.now() - hungAt).toBeLessThan(REQUEST_TIMEOUT_MS);

    // The lead itself is retried after the timeout, the first backoff (at most 1 s) and the round trips:
    // far from the minutes a socket may stay open.
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(localStorage)), {
        timeout: REQUEST_TIMEOUT_MS + 5_000,
        interval: 100,
      })
      .not.toContain(email);
    const waited = Date.now() - hungAt;
    expect(waited).toBeLessThan(REQUEST_TIMEOUT_MS + 4_000);
    expect(waited).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 500);

    // The retry carried the same id: still one lead.
    expect(await completions(email)).toBe(1);
  }, 45_000);
});

describe('two tabs, one closed offline', () => {
  it("lands both tabs' leads exactly once when the network returns", async () => {
    const tp = await harness.open();
    const { context } = tp;
    const a = tp.page;
    const b = await context.newPage();
    const emailA = 'tab.a@example.com';
    const emailB = 'tab.b@example.com';

    await a.goto(tp.url(routeOf('email-capture')));
    await b.goto(tp.url(routeOf('email-capture')));
    await expectScreen(a, 'email-capture');
    await expectScreen(b, 'email-capture');
    // Both tabs' tracking is running: each tab's screen view has landed under its own session.
    const sessions = [await sessionOf(a), await sessionOf(b)];
    const viewed = async () =>
      (
        await harness.rows(
          'select distinct session_id from public.quiz_step_tracking where session_id = any($1::uuid[])',
          [sessions],
        )
      ).length;
    await expect.poll(viewed, WAIT).toBe(2);

    // Offline: Chromium's emulation does not hold for a request a closing page makes (it outlives the
    // page), so lead saves are also refused at the context's network layer until the network returns.
    const leadSaves = '**/rest/v1/rpc/save_quiz_completion';
    await context.route(leadSaves, (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await fillLead(a, 'email-capture', 'Ada', emailA);
    await button(a, buttonOf('email-capture')).click();
    await expectScreen(a, 'doctor-investigation');
    /** The outbox keys whose queue holds A's lead. */
    const queueOfA = async () => {
      const stored = await b.evaluate(() => Object.entries(localStorage));
      return stored
        .filter(([key, value]) => key.startsWith('funnel_outbox') && value.includes(emailA))
        .map(([key]) => key);
    };
    await expect.poll(queueOfA, WAIT).toHaveLength(1);

    const [queueA] = await queueOfA();

    // Tab A closes while offline, its lead unsent; tab B must take it over (in its own queue). A
    // request a closing page makes outlives it, beyond Chromium's offline emulation and Playwright's
    // routing, so A's lead may land as the tab goes: what must hold is that B adopts A's queue and
    // that nothing lands twice.
    await a.close({ runBeforeUnload: true });
    await expect.poll(queueOfA, WAIT).toEqual([expect.not.stringMatching(`^${queueA}$`)]);

    // Tab B goes on, still offline, and saves its own lead.
    await fillLead(b, 'email-capture', 'Bea', emailB);
    await button(b, buttonOf('email-capture')).click();
    await expectScreen(b, 'doctor-investigation');
    expect(await completions(emailB)).toBe(0);

    await context.unroute(leadSaves);
    await context.setOffline(false);
    await b.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => completions(emailA), WAIT).toBe(1);
    await expect.poll(() => completions(emailB), WAIT).toBe(1);
    // Nothing arrives twice later.
    await b.waitForTimeout(1500);
    expect(await completions(emailA)).toBe(1);
    expect(await completions(emailB)).toBe(1);
  }, 60_000);
});

describe('a lead the server refuses', () => {
  it('is shown by its field, corrected by the visitor, and stored once', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    const refusedEmail = 'refused.once@example.com';
    const fixedEmail = 'fixed.later@example.com';
    let refusals = 0;
    await context.route('**/rest/v1/rpc/save_quiz_completion', async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes(refusedEmail)) {
        await route.continue();
        return;
      }
      refusals += 1;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '22023',
          message: 'email: must be an email address like name@example.com',
          details: 'email',
          hint: null,
        }),
      });
    });

    await page.goto(tp.url(routeOf('contact-collection')));
    await expectScreen(page, 'contact-collection');
    const [, emailField] = screenOf('contact-collection').fields ?? [];
    const emailInput = page.getByLabel(emailField?.label ?? 'email', { exact: true });

    // The shared rule first: an address the server would refuse is never sent.
    await fillLead(page, 'contact-collection', 'Rae', 'not-an-email');
    await emailInput.blur();
    await page.getByText('Enter an email like name@example.com', { exact: true }).waitFor();
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    expect(await button(page, buttonOf('contact-collection')).isEnabled()).toBe(false);

    // An address the server still refuses (here, by the test's route) is shown by the field.
    await emailInput.fill(refusedEmail);
    await button(page, buttonOf('contact-collection')).click();
    const message = 'Email: must be an email address like name@example.com';
    await page.getByText(message, { exact: true }).waitFor();
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    expect(refusals).toBe(1);
    const kept = await page.evaluate(() => localStorage.getItem('funnel_dead_letters') ?? '');
    expect(kept).toContain(refusedEmail);
    expect(
      tp.problems.some((line) => line.includes('save_quiz_completion was refused (400 22023: email')),
    ).toBe(true);
    expect(tp.problems.join('\n')).not.toContain(refusedEmail);

    // She corrects it and sends again: the lead lands once, and the refused copy is cleared.
    await emailInput.fill(fixedEmail);
    await button(page, buttonOf('contact-collection')).click();
    await page.waitForURL((url) => url.pathname !== routeOf('contact-collection'), WAIT);
    await expect.poll(() => completions(fixedEmail), WAIT).toBe(1);
    expect(await completions(refusedEmail)).toBe(0);
    expect(refusals).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('funnel_dead_letters') ?? '')).not.toContain(
      refusedEmail,
    );
  });

  it('on the email capture (which does not wait), takes her back to the field, and the corrected lead lands once', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    const refusedEmail = 'capture.refused@example.com';
    const fixedEmail = 'capture.fixed@example.com';
    let refusals = 0;
    await context.route('**/rest/v1/rpc/save_quiz_completion', async (route) => {
      if (!(route.request().postData() ?? '').includes(refusedEmail)) {
        await route.continue();
        return;
      }
      refusals += 1;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '22023',
          message: 'email: must be an email address like name@example.com',
          details: 'email',
          hint: null,
        }),
      });
    });
    await page.goto(tp.url(routeOf('email-capture')));
    await expectScreen(page, 'email-capture');
    await fillLead(page, 'email-capture', 'Eve', refusedEmail);
    await button(page, buttonOf('email-capture')).click();

    // Back on the form, told why by the field.
    await page.getByText('Email: must be an email address like name@example.com', { exact: true }).waitFor();
    await expectScreen(page, 'email-capture');
    const [, emailField] = screenOf('email-capture').fields ?? [];
    const emailInput = page.getByLabel(emailField?.label ?? 'email', { exact: true });
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    expect(refusals).toBe(1);

    await emailInput.fill(fixedEmail);
    await button(page, buttonOf('email-capture')).click();
    await expectScreen(page, 'doctor-investigation');
    await expect.poll(() => completions(fixedEmail), WAIT).toBe(1);
    await page.waitForTimeout(1000);
    await expectScreen(page, 'doctor-investigation');
    expect(await completions(fixedEmail)).toBe(1);
    expect(await completions(refusedEmail)).toBe(0);
  });
});
