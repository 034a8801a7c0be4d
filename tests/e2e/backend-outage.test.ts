/**
 * Backend failures a visitor must not feel: with every RPC answering 503 in the middle of the walk, the
 * visitor carries on (or is told and can retry, on the contact form), and once the backend is back the
 * lead lands exactly once, even across a reload; with analyze-face failing, the photo step still leads
 * to the results, on the estimate from the answers.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_WAIT, WAIT, button, buttonOf, expectScreen, flow, routeOf, screenOf } from './funnel.ts';
import { SAMPLE_FACE_PHOTO, startHarness, type Harness } from './harness.ts';

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

/** Makes every RPC of this context answer 503 while `down()` is true; counts the refused calls. */
async function outage(context: BrowserContext, down: () => boolean): Promise<{ refused: () => number }> {
  let refused = 0;
  await context.route('**/rest/v1/rpc/**', async (route) => {
    if (!down()) {
      await route.continue();
      return;
    }
    refused += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PGRST000', message: 'Service Unavailable', details: null, hint: null }),
    });
  });
  return { refused: () => refused };
}

function completions(email: string) {
  return harness.rows<{ name: string; session_id: string }>(
    'select name, session_id from public.quiz_completions where email = $1',
    [email],
  );
}

function fieldLabels(id: string): [string, string] {
  const fields = screenOf(id).fields ?? [];
  return [fields[0]?.label ?? 'name', fields[1]?.label ?? 'email'];
}

describe('a backend outage in the middle of the walk', () => {
  it('lets the visitor carry on past the email capture, and the lead lands once after a reload', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    let down = false;
    const calls = await outage(context, () => down);
    const email = 'outage.reload@example.com';

    await page.goto(tp.url('/'));
    await expectScreen(page, 'skin-concerns');
    const sessionId = await page.evaluate((key) => sessionStorage.getItem(key), flow.storage.sessionIdKey);

    down = true;
    await page.goto(tp.url(routeOf('email-capture')));
    await expectScreen(page, 'email-capture');
    const [nameLabel, emailLabel] = fieldLabels('email-capture');
    await page.getByLabel(nameLabel, { exact: true }).fill('Olive');
    await page.getByLabel(emailLabel, { exact: true }).fill(email);
    await button(page, buttonOf('email-capture')).click();
    // The visitor is not held up by the outage.
    await expectScreen(page, 'doctor-investigation');
    await expect.poll(() => calls.refused(), WAIT).toBeGreaterThan(0);
    expect(await completions(email)).toEqual([]);

    // Back online, a reload picks the stored lead up from the outbox and delivers it.
    down = false;
    await page.reload();
    await expectScreen(page, 'doctor-investigation');
    await expect.poll(() => completions(email), WAIT).toEqual([{ name: 'Olive', session_id: sessionId }]);
    // Nothing else arrives later: the retried lead was written once.
    await page.waitForTimeout(1500);
    expect(await completions(email)).toHaveLength(1);
    expect(tp.problems.filter((line) => line.startsWith('pageerror'))).toEqual([]);
  });

  it('tells the visitor on the contact form, re-enables the button, and a second tap lands the lead once', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    let down = true;
    await outage(context, () => down);
    const email = 'outage.retry@example.com';
    const form = screenOf('contact-collection');

    await page.goto(tp.url(routeOf('contact-collection')));
    await expectScreen(page, 'contact-collection');
    const [nameLabel, emailLabel] = fieldLabels('contact-collection');
    await page.getByLabel(nameLabel, { exact: true }).fill('Rita');
    await page.getByLabel(emailLabel, { exact: true }).fill(email);
    await button(page, buttonOf('contact-collection')).click();

    // The spec's alert, and the button usable again.
    const message = 'There was an error saving your responses. Please try again.';
    expect(form.submit?.errorMessage).toBe(message);
    await page.getByText(message, { exact: true }).waitFor();
    await expect.poll(() => button(page, buttonOf('contact-collection')).isEnabled(), WAIT).toBe(true);
    expect(await completions(email)).toEqual([]);

    // The backend recovers; the visitor taps again and moves on.
    down = false;
    await button(page, buttonOf('contact-collection')).click();
    await page.waitForURL((url) => url.pathname !== routeOf('contact-collection'), WAIT);
    await expect.poll(() => completions(email), WAIT).toHaveLength(1);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1500);
    expect(await completions(email)).toEqual([{ name: 'Rita', session_id: expect.any(String) }]);
  });
});

describe('a failing photo analysis', () => {
  it('still takes the visitor to /detailed-analysis, with the estimate from the answers', async () => {
    const tp = await harness.open();
    const { page, context } = tp;
    let calls = 0;
    await context.route('**/functions/v1/analyze-face', async (route) => {
      calls += 1;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'analysis_failed', message: 'boom' } }),
      });
    });
    // She answered the age question first, as on the main path (a photo without an age asks it first).
    await page.goto(tp.url(routeOf('age')));
    await expectScreen(page, 'age');
    await button(page, buttonOf('age')).click();
    await expectScreen(page, 'cliff-education');
    await page.goto(tp.url(routeOf('photo-analysis')));
    await expectScreen(page, 'photo-analysis');
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await button(page, buttonOf('photo-analysis')).click();

    await expectScreen(page, 'detailed-analysis', ANALYSIS_WAIT);
    expect(calls).toBe(1);
    const assessment = await page.evaluate(() => JSON.parse(sessionStorage.getItem('assessmentData') ?? 'null'));
    expect(assessment).toMatchObject({ id: expect.any(String), assessed_skin_age: expect.any(Number) });
    expect(assessment).not.toHaveProperty('photo');
    // The failure is logged for developers, without personal data.
    expect(tp.problems.some((line) => line.includes('Photo analysis failed'))).toBe(true);
  }, 150_000);
});
