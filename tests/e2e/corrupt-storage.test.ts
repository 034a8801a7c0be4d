/**
 * Corrupt or forged sessionStorage on every route of the flow, in Chromium: the app never crashes and
 * never shows a made-up value (an age of 200, a forged option value, an assessment with no scores).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copy, flow } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { inLanes } from './lanes.ts';

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

/** Every route and alias of the flow, resolved. */
const routes = [
  ...new Set(
    Object.values(flow.screens).flatMap((screen) =>
      [screen.route, ...(screen.aliases ?? [])].flatMap((r) => (r ? [copy(r)] : [])),
    ),
  ),
];

const FORGED = {
  quizData: JSON.stringify({ age: 200, changeSpeed: 'forged-speed', skinIssues: ['forged-issue'], name: 42 }),
  assessmentData: JSON.stringify({ id: 'x' }),
  contactInfo: JSON.stringify(['not', 'an', 'object']),
  quizData_flow: JSON.stringify({
    id: 'skin-funnel',
    version: 1,
    screen: 'creating-protocol',
    timer: { enteredAt: 'x' },
  }),
};
const UNREADABLE = {
  quizData: '{"age": 4',
  assessmentData: 'undefined',
  contactInfo: '\u0000',
  quizData_flow: '{',
  quiz_session_id: 'not-a-uuid',
};

/** Routes opened at once, each lane its own page (the checks wait on the page, not on the clock). */
const LANES = 3;

describe('corrupt storage on every route', () => {
  it.each([
    ['forged values', FORGED],
    ['unreadable values', UNREADABLE],
  ])('%s: every route opens without a crash or a made-up value', async (_name, stored) => {
    expect(routes.length).toBeGreaterThan(20);
    const pages = await Promise.all(
      Array.from({ length: LANES }, async () => {
        const tp = await harness.open();
        // Before every page load, whatever the app wrote back is replaced by the corrupt data again.
        await tp.context.addInitScript((items: Record<string, string>) => {
          for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
        }, stored);
        return tp;
      }),
    );
    const opened: string[] = [];
    await inLanes(routes, LANES, async (route, lane) => {
      const tp = pages[lane];
      if (!tp) throw new Error(`no page for lane ${lane}`);
      const { page } = tp;
      await page.goto(tp.url(route));
      await page.locator('main').first().waitFor({ state: 'attached' });
      // Stored answers hide the build's drawing until the app has drawn the page itself.
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-redraw'), null, {
        timeout: 15_000,
      });
      await page.waitForTimeout(150);
      // The whole page: a redirect screen's message sits outside <main>.
      const shown = await page.locator('body').innerText();
      expect(shown, `${route} shows something`).not.toBe('');
      expect(shown, `${route} shows a made-up value`).not.toMatch(
        /(?<![\d,.])200\b|forged|\bNaN\b|\bundefined\b|\[object /,
      );
      opened.push(route);
    });
    expect(opened.sort()).toEqual([...routes].sort());
    expect(pages.flatMap((tp) => tp.problems).filter((line) => line.startsWith('pageerror'))).toEqual([]);
  });
});
