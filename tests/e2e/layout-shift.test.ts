/**
 * Issue 33 (Lighthouse CLS at 0): a visitor opening any page of the flow by its address, on a 360 px
 * phone, sees nothing move. The build draws each page; its stylesheets (a screen kind's, the extra
 * blocks' of a page with a rating, a profile or a chart) must be in before its first paint, and the
 * app adopting the drawing must not move it. A page whose layout shifts, until the app is in and a
 * second after, add up to a thousandth or more is reported with what moved. (Below that: the figure
 * that counts up on the reveal widens as it gains a digit, 0.0004-0.0005, shown by Lighthouse as 0.000.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flow, routeOf } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { inLanes } from './lanes.ts';
import { READY_WATCH } from './throttle.ts';

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

/** Page side: every layout shift, its value and what moved from where to where. */
const SHIFTS = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__shifts.push({ value: e.value, moved: e.sources.map((s) => {
        const r = (b) => Math.round(b.x) + ',' + Math.round(b.y) + ' ' + Math.round(b.width) + 'x' + Math.round(b.height);
        return (s.node?.className || s.node?.nodeName || '?') + ' ' + r(s.previousRect) + ' -> ' + r(s.currentRect);
      }).join('; ') });
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** Every page of the flow by its address, and an address that is no page. */
const paths = [
  ...new Set(Object.keys(flow.screens).flatMap((id) => (flow.screens[id]?.route === undefined ? [] : [routeOf(id)]))),
  '/no-such-page',
];

/**
 * Pages loaded at once: each is its own context measuring its own shifts for the same second, so three
 * lanes cut the waiting, not the check (a shift is a move of the layout, not a late clock).
 */
const LANES = 3;

describe('no layout shift on a direct load, at 360 px', () => {
  it('of any page of the flow', { timeout: 240_000 }, async () => {
    const moved: Record<string, string[]> = {};
    await inLanes(paths, LANES, async (path) => {
      const { page, url, context } = await harness.open({ viewport: { width: 360, height: 780 } });
      await page.addInitScript(READY_WATCH);
      await page.addInitScript(SHIFTS);
      await page.goto(url(path));
      await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, null, { timeout: 30_000 });
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string }[] }).__shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      if (total >= 0.001) moved[path] = shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.moved}`);
      await context.close();
    });
    expect(paths.length).toBeGreaterThan(10);
    expect(moved).toEqual({});
  });
});
