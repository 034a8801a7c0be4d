/**
 * One Continue per screen visit, in Chromium: a double click (the second click lands on the next
 * screen's button, at the same place) moves one screen, never two. The two places a walk of the funnel
 * found a skip: cliff-education → photo (skipping the analysis bridge) and education-urgency →
 * reversal-protocol (skipping the treatment plan).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { button, buttonOf, expectScreen, pathOf, routeOf, screenOf } from './funnel.ts';
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

describe('a double click on Continue', () => {
  it.each([
    ['cliff-education', 'analysis-bridge'],
    ['education-urgency', 'treatment-projection'],
  ])('on %s moves to %s and stays there', async (from, to) => {
    expect(screenOf(from).next).toBe(to);
    const tp = await harness.open();
    const { page } = tp;
    await page.goto(tp.url(routeOf(from)));
    await expectScreen(page, from);
    const first = await button(page, buttonOf(from)).boundingBox();
    const second = await button(page, buttonOf(to)).boundingBox().catch(() => null);
    expect(first).not.toBeNull();
    expect(second).toBeNull(); // the next screen's button is not there yet
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
