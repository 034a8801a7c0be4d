/**
 * Timed screens in Chromium: they are replaced in history (Back from /quiz/step-8 lands on step-6, not
 * on step-7, which would move on by itself again), and a reload on one finishes its timer from where
 * it was: the calculating step, and 'Creating Your Protocol', whose final redirect happens after a
 * reload too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAIT, buttonOf, copy, expectScreen, flow, pathOf, press, routeOf, screenOf } from './funnel.ts';
import { EXTERNAL_PAGE_HEADING, startHarness, type Harness } from './harness.ts';

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

const markKey = 'quizData_flow';

describe('timed screens', () => {
  it('Back from /quiz/step-8 passes over the calculating step to step-6', async () => {
    expect(screenOf('calculating').after?.to).toBe('hrt-question');
    const tp = await harness.open();
    const { page } = tp;
    await page.goto(tp.url(routeOf('other-symptoms')));
    await expectScreen(page, 'other-symptoms');
    await press(page, buttonOf('other-symptoms'));
    await expectScreen(page, 'skin-treatments');
    await press(page, buttonOf('skin-treatments'));
    await page.waitForURL((url) => url.pathname === routeOf('calculating'));
    await expectScreen(page, 'hrt-question');
    await page.goBack();
    await expectScreen(page, 'skin-treatments');
    // Still there once the calculating step's delay has passed: no trap.
    await page.waitForTimeout((screenOf('calculating').after?.delayMs ?? 0) + 500);
    expect(pathOf(page)).toBe(routeOf('skin-treatments'));
    expect(tp.problems).toEqual([]);
  });

  it('a reload on the calculating step finishes its timer from where it was', async () => {
    const tp = await harness.open();
    const { page } = tp;
    await page.goto(tp.url(routeOf('skin-treatments')));
    await expectScreen(page, 'skin-treatments');
    await press(page, buttonOf('skin-treatments'));
    await page.waitForURL((url) => url.pathname === routeOf('calculating'));
    const before = await page.evaluate((key) => sessionStorage.getItem(key), markKey);
    const began = (JSON.parse(before ?? '{}') as { timer?: { enteredAt?: number } }).timer?.enteredAt;
    expect(typeof began).toBe('number');
    await page.waitForTimeout(1500);
    await page.reload();
    // The visit's start survives the reload, so the step moves on at its original time.
    const after = await page.evaluate((key) => sessionStorage.getItem(key), markKey);
    const resumed = (JSON.parse(after ?? '{}') as { screen?: string; timer?: { enteredAt?: number } });
    if (resumed.screen === 'calculating') expect(resumed.timer?.enteredAt).toBe(began);
    await expectScreen(page, 'hrt-question');
    expect(tp.problems).toEqual([]);
  });

  it("a reload during 'Creating Your Protocol' still leaves for the external page", async () => {
    const creating = screenOf('creating-protocol');
    expect(screenOf('reversal-protocol').next).toBe('creating-protocol');
    const tp = await harness.open();
    const { page } = tp;
    await page.goto(tp.url(routeOf('reversal-protocol')));
    await expectScreen(page, 'reversal-protocol');
    await press(page, buttonOf('reversal-protocol'));
    await page.getByText(copy(creating.message ?? ''), { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: EXTERNAL_PAGE_HEADING }).waitFor({ timeout: WAIT.timeout });
    expect(tp.externalRequests.map((url) => new URL(url).origin + new URL(url).pathname)).toContain(
      copy(flow.settings['recommendationUrl'] ?? ''),
    );
  });
});
