/**
 * One Continue per screen visit, in Chromium: a double click (the second click lands on the next
 * screen's button, at the same place) moves one screen, never two. The two places a walk of the funnel
 * found a skip: cliff-education → photo (skipping the analysis bridge) and education-urgency →
 * reversal-protocol (skipping the treatment plan). Issue 33: a slower double tap, two separate taps
 * 0.5 s apart (each a click of its own to the browser), on every content screen lands on exactly the
 * next screen; a tap meant for the new screen, at a human pace, still works.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { button, buttonOf, expectScreen, flow, pathOf, routeOf, screenOf, WAIT } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { SETTLE_MS } from '../../src/app/gesture-visit.ts';

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

/** Every content screen with a button, a route and one screen its Continue leads to. */
const contentScreens = Object.keys(flow.screens).flatMap((id) => {
  const screen = screenOf(id);
  const next = typeof screen.next === 'string' ? screen.next : undefined;
  // The next screen is found by its address: one without (a calculating screen) is left out.
  return screen.kind === 'content' && screen.route !== undefined && screen.button !== undefined && next && screenOf(next).route
    ? [[id, next] as const]
    : [];
});

/**
 * What a visitor who has come this far has stored: a guarded screen (`requires`) opens for her, not
 * its `otherwise`. Answers and data that any guard of the flow reads.
 */
const STORED = {
  quizData: JSON.stringify({ age: 50, changeSpeed: '6-12-months', skinIssues: ['fine-lines'] }),
  assessmentData: JSON.stringify({ chronological_age: 50, assessed_skin_age: 55 }),
};

/**
 * Two separate taps 0.5 s apart at the centre of the screen's Continue, as a hurried thumb makes them:
 * each a press, a release and a click of its own (detail 1) on whatever is at that point then. Timed
 * by the page's own clock: driven from here, the second tap can come seconds late on a busy machine,
 * and would then be a tap at a human pace. Returns the point and the time between the presses.
 */
async function tapTwice(page: Page, label: string): Promise<{ x: number; y: number; gap: number }> {
  const target = button(page, label);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`no "${label}" button to tap`);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const gap = await page.evaluate(
    ({ x, y }) =>
      new Promise<number>((resolve) => {
        const tap = () => {
          const element = document.elementFromPoint(x, y);
          const init = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, detail: 1, view: window };
          element?.dispatchEvent(new PointerEvent('pointerdown', { ...init, pointerType: 'touch', isPrimary: true }));
          element?.dispatchEvent(new MouseEvent('mousedown', init));
          element?.dispatchEvent(new PointerEvent('pointerup', { ...init, pointerType: 'touch', isPrimary: true }));
          element?.dispatchEvent(new MouseEvent('mouseup', init));
          element?.dispatchEvent(new MouseEvent('click', init));
          return performance.now();
        };
        const first = tap();
        setTimeout(() => resolve(tap() - first), 500);
      }),
    at,
  );
  return { ...at, gap };
}

/** Opens `path` with the answers a visitor who got there would have (once: the app saves hers after). */
async function openWithAnswers(page: Page, url: string): Promise<void> {
  await page.addInitScript((items: Record<string, string>) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
  }, STORED);
  await page.goto(url);
}

describe('a double click on Continue', () => {
  it.each([
    ['cliff-education', 'analysis-bridge'],
    ['education-urgency', 'treatment-projection'],
  ])('on %s moves to %s and stays there', async (from, to) => {
    expect(screenOf(from).next).toBe(to);
    const tp = await harness.open();
    const { page } = tp;
    // The result screens require an age: she has the answers of a visitor who got there.
    await openWithAnswers(page, tp.url(routeOf(from)));
    await expectScreen(page, from);
    const first = await button(page, buttonOf(from)).boundingBox();
    expect(first).not.toBeNull();
    expect(await button(page, buttonOf(to)).count()).toBe(0); // the next screen's button is not there yet
    await button(page, buttonOf(from)).dblclick();
    await expectScreen(page, to);
    // The next screen's button sits where the second click landed: the skip would have happened by now.
    const next = await button(page, buttonOf(to)).boundingBox();
    expect(next && first && Math.abs(next.y - first.y) < next.height).toBe(true);
    await page.waitForTimeout(800);
    expect(pathOf(page)).toBe(routeOf(to));
    expect(tp.problems).toEqual([]);
  });
});

describe('two taps 0.5 s apart on Continue', () => {
  it('finds content screens to tap', () => {
    expect(contentScreens.length).toBeGreaterThan(3);
  });

  it.each(contentScreens)('on %s land on %s, exactly the next screen', async (from, to) => {
    const tp = await harness.open();
    const { page } = tp;
    // Once: the app's own session, saved as she moves on, must survive the reload a deep link is.
    await openWithAnswers(page, tp.url(routeOf(from)));
    await expectScreen(page, from);
    const { gap } = await tapTwice(page, buttonOf(from));
    // The second tap came while the new screen settled (not late, as a slower, meant tap would).
    expect(gap).toBeLessThan(SETTLE_MS);
    await expectScreen(page, to);
    // Long enough for a second screen change to have shown.
    await page.waitForTimeout(700);
    await expectScreen(page, to);
    expect(tp.problems).toEqual([]);
  });

  it.each([
    ['cliff-education', 'analysis-bridge', 'photo-analysis'],
    ['education-urgency', 'treatment-projection', 'reversal-protocol'],
  ])('on %s: the button of %s, where the second tap landed, is tapped at a human pace and works', async (from, to, after) => {
    expect(screenOf(to).next).toBe(after);
    const tp = await harness.open();
    const { page } = tp;
    await openWithAnswers(page, tp.url(routeOf(from)));
    await expectScreen(page, from);
    const at = await tapTwice(page, buttonOf(from));
    expect(at.gap).toBeLessThan(SETTLE_MS);
    await expectScreen(page, to);
    // The same place holds the new screen's button: the second tap was on it, and it was ignored.
    const box = await button(page, buttonOf(to)).boundingBox();
    expect(box && at.y >= box.y && at.y <= box.y + box.height).toBe(true);
    await page.waitForTimeout(1000);
    await page.mouse.click(at.x, at.y);
    await expectScreen(page, after);
    await expect.poll(() => pathOf(page), WAIT).toBe(routeOf(after));
    expect(tp.problems).toEqual([]);
  });
});
