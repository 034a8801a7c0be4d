/**
 * Issue 33, the first tap on a slow phone: on applied Slow 3G (4× CPU, 2 s round trips at 400 kbps,
 * cold cache), the prerendered first question takes a tap on an option natively, shows it chosen
 * before the scripts are in, and it is still chosen once the app is in (the app adopts it); a second
 * tap is hers to make (it unchooses, and stays so: nothing is replayed); a Continue pressed before
 * the app is in shows busy, and leads, once, to exactly the next screen. On `/` (where ads land: the
 * app then moves the address on to the question's) and on the question's own route. Functional
 * assertions only: the bench measures the times (scripts/bench-first-tap.ts).
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { button, buttonOf, flow, option, pathOf, routeOf, screenOf } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { READY_WATCH, SLOW_3G, throttle } from './throttle.ts';

let harness: Harness;
const SLOW = { timeout: 90_000, interval: 100 } as const;

beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness?.closePages();
});
afterAll(async () => {
  await harness?.stop();
});

/** The first question: the screen the start screen moves on to. */
const start = screenOf(flow.start);
const first = String(start.after?.to ?? flow.start);
const [chosen, unchosen] = (screenOf(first).options ?? []).map((o) => o.value);
const next = String(screenOf(first).next);

const ready = (page: Page) => page.evaluate(() => (window as unknown as { __ready?: number }).__ready !== undefined);

describe.each([
  ['/', routeOf(flow.start)],
  ['its own route', routeOf(first)],
])('on applied Slow 3G, the first question opened on %s', (_, path) => {
  it('takes a tap natively before the scripts are in, keeps it when the app is, and a held Continue goes once', async () => {
    expect(chosen && unchosen).toBeTruthy();
    const { page, context, problems } = await harness.open();
    await page.addInitScript(READY_WATCH);
    const slow = await throttle(context, page, SLOW_3G);
    // The entry is also held until her taps are made, so they come before the scripts are in on any
    // machine (on a fast one the throttled load could otherwise finish between two driven taps).
    const held: Route[] = [];
    let releasing = false;
    await page.route('**/assets/index-*.js', (route) => (releasing ? route.continue() : void held.push(route)));
    try {
      await page.goto(harness.baseUrl + path, { waitUntil: 'commit', timeout: SLOW.timeout });
      await option(page, first, chosen ?? '').waitFor({ state: 'attached', timeout: SLOW.timeout });
      await page.getByRole('heading', { level: 1, name: screenOf(first).question ?? '' }).waitFor({ timeout: SLOW.timeout });
      await option(page, first, chosen ?? '').click({ timeout: SLOW.timeout });
      // A second option tapped twice: she meant it off again, and off it stays.
      await option(page, first, unchosen ?? '').click({ timeout: SLOW.timeout });
      await option(page, first, unchosen ?? '').click({ timeout: SLOW.timeout });
      expect(await option(page, first, chosen ?? '').isChecked()).toBe(true);
      expect(await option(page, first, unchosen ?? '').isChecked()).toBe(false);
      // All of it before the scripts were in.
      expect(await ready(page)).toBe(false);
      // Continue, twice (she saw nothing happen at once): held, shown busy.
      const cont = button(page, buttonOf(first));
      await cont.click({ timeout: SLOW.timeout });
      await cont.click({ timeout: SLOW.timeout, force: true });
      expect(await cont.getAttribute('aria-busy')).toBe('true');
      expect(await ready(page)).toBe(false);
      releasing = true;
      await Promise.all(held.map((route) => route.continue()));
      // Once the app is in: exactly the next screen, with her answer taken.
      await expect.poll(() => ready(page), SLOW).toBe(true);
      await expect.poll(() => pathOf(page), SLOW).toBe(routeOf(next));
      await page.getByRole('heading', { level: 1, name: screenOf(next).question ?? '' }).waitFor({ timeout: SLOW.timeout });
      await page.waitForTimeout(1500);
      expect(pathOf(page)).toBe(routeOf(next));
      const stored = await page.evaluate(() => sessionStorage.getItem('quizData'));
      expect(Object.values(JSON.parse(stored ?? '{}') as Record<string, unknown>)).toContainEqual([chosen]);
      // Back on the question: her choice, as the app holds it.
      await page.goBack({ timeout: SLOW.timeout });
      await expect.poll(() => option(page, first, chosen ?? '').isChecked(), SLOW).toBe(true);
      expect(await option(page, first, unchosen ?? '').isChecked()).toBe(false);
    } finally {
      await slow.release();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
