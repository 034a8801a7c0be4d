/**
 * Field speed end to end (issue 46): a four-screen test flow (tests/fixtures/flows/field-speed-flow.json)
 * walked in Chromium at 4× CPU, one screen made slow on purpose. The flow schema has no block that runs
 * script (and gets none for this), so the page is made slow from the test's side: a pointerdown
 * listener busy-waits 1 s while the slow screen's content block is shown. Leaving the page (the flow's
 * last screen goes to another site) hands the readings to the outbox; coming back delivers them. Then
 * LCP, INP and CLS of every screen walked are in the local backend's database under the right screen
 * ids, and the report's figures (the terminal report's module) give each screen its p75 and shares,
 * with the slow screen, and only it, rated poor for INP. The same walk in a Chromium without soft
 * navigations (as Safari and Firefox are) still gives the slow screen its poor INP.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFieldSpeed } from '../../common/field-speed/field-speed-figures.ts';
import { bucketOf, bucketValue, type FieldMetric } from '../../common/field-speed/field-speed-buckets.ts';
import { fieldSpeedText } from '../../common/field-speed/field-speed-text.ts';
import { WAIT } from './funnel.ts';
import { EXTERNAL_PAGE_HEADING, loadFlow, startHarness, type Harness } from './harness.ts';
import { sharedBuild } from './shared-build.ts';
import { CPU_SLOWDOWN } from './throttle.ts';

const FLOW_FILE = 'tests/fixtures/flows/field-speed-flow.json';
const flow = loadFlow(FLOW_FILE);
const FLOW_ID = 'field-speed-fixture';
/** The screens walked, the button that leaves each, and the slow one's content block. */
const WALK = [
  { screen: 'welcome', button: 'Start' },
  { screen: 'heavy', button: 'Next' },
  { screen: 'light', button: 'Next' },
  { screen: 'last', button: 'Finish' },
] as const;
const SLOW_SCREEN = 'heavy';
const SLOW_BLOCK = flow.screens[SLOW_SCREEN]?.content?.find((block) => block.type === 'text')?.text;
const METRICS: readonly FieldMetric[] = ['LCP', 'INP', 'CLS'];

let harness: Harness;
beforeAll(async () => {
  if (!SLOW_BLOCK) throw new Error(`${FLOW_FILE}: screen "${SLOW_SCREEN}" has no text block`);
  harness = await startHarness({ outDir: await sharedBuild({ FLOW: FLOW_FILE }), flow: FLOW_FILE });
}, 300_000);
afterAll(async () => {
  await harness?.stop();
});

/** Busy-waits 1 s in a tap on the page while the slow block is shown (not drawn ahead, hidden). */
function slowBlockScript(text: string): string {
  return `document.addEventListener('pointerdown', () => {
  const shown = [...document.querySelectorAll('main p')].some(
    (p) => p.textContent === ${JSON.stringify(text)} && p.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true }),
  );
  if (!shown) return;
  const end = performance.now() + 1000;
  while (performance.now() < end) {}
}, true);`;
}

interface Reading {
  screen: string;
  metric: FieldMetric;
  value: number;
  device: string;
  connection: string;
  language: string | null;
  revision: string;
  session_id: string;
}

/** The walk's readings of the screens walked, by the walk's session. */
function readingsOf(session: string) {
  return harness.rows<Reading>(
    `select screen, metric, value, device, connection, language, revision, session_id::text
       from funnel_private.field_readings where flow_id = $1 and session_id = $2::uuid order by screen, metric`,
    [FLOW_ID, session],
  );
}

/**
 * Walks the four screens at 4× CPU, the slow block holding its tap 1 s, and leaves the site from the
 * last one (the readings go to the outbox as the page goes); back on the site, the outbox sends them.
 * Returns the walk's session id.
 */
async function walk(page: Page, context: BrowserContext, url: (path: string) => string): Promise<string> {
  await context.addInitScript({ content: slowBlockScript(SLOW_BLOCK ?? '') });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url('/'));
  // web-vitals loads once the first screen is drawn and the page idle; taps before it are not seen.
  await page.waitForFunction(() =>
    ['web-vitals', 'field-speed-watch'].every((name) =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/assets/${name}-`)),
    ),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
  );
  const session = await page.evaluate((key) => sessionStorage.getItem(key), flow.storage.sessionIdKey);
  if (!session) throw new Error(`no session id under ${flow.storage.sessionIdKey}`);
  for (const [index, { button }] of WALK.entries()) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const next = WALK[index + 1];
    if (next)
      await page.getByRole('heading', { name: flow.screens[next.screen]?.content?.[0]?.text }).waitFor();
  }
  await page.getByRole('heading', { name: EXTERNAL_PAGE_HEADING }).waitFor();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto(url('/'));
  return session;
}

const walked: readonly string[] = WALK.map(({ screen }) => screen);
const valueOf = (readings: readonly Reading[], screen: string, metric: FieldMetric) =>
  Number(readings.find((reading) => reading.screen === screen && reading.metric === metric)?.value);

describe('field speed per screen (FLOW=tests/fixtures/flows/field-speed-flow.json)', () => {
  it('reaches the database with each screen id, and the report rates the slow screen poor for INP', async () => {
    const { page, context, problems, url } = await harness.open();
    expect(
      await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('soft-navigation')),
    ).toBe(true);
    const session = await walk(page, context, url);
    const read = async () => (await readingsOf(session)).filter((reading) => walked.includes(reading.screen));
    await expect.poll(async () => (await read()).length, WAIT).toBe(walked.length * METRICS.length);
    const readings = await read();

    // One reading per screen walked and metric, from this phone.
    expect(readings.map(({ screen, metric }) => `${screen} ${metric}`).sort()).toEqual(
      walked.flatMap((screen) => METRICS.map((metric) => `${screen} ${metric}`)).sort(),
    );
    for (const reading of readings) {
      expect(reading, `${reading.screen} ${reading.metric}`).toMatchObject({
        device: 'mobile',
        language: 'en',
      });
      expect(reading.revision).toMatch(/^[0-9a-f]{12}$/);
      expect(['slow-2g', '2g', '3g', '4g', 'unknown']).toContain(reading.connection);
    }
    const value = (screen: string, metric: FieldMetric) => valueOf(readings, screen, metric);
    // The 1 s the slow block holds a tap is in its INP, and in no other screen's.
    expect(value(SLOW_SCREEN, 'INP')).toBeGreaterThanOrEqual(1000);
    for (const screen of walked.filter((id) => id !== SLOW_SCREEN))
      expect(value(screen, 'INP')).toBeLessThan(500);

    // The report's figures: each screen's p75 (its one reading's bucket) and shares.
    const figures = await readFieldSpeed((sql, params) => harness.rows(sql, params), FLOW_ID);
    const total = figures.filter((figure) => figure.device === 'all' && figure.connection === 'all');
    for (const screen of walked) {
      for (const metric of METRICS) {
        const figure = total.find((f) => f.screen === screen && f.metric === metric);
        expect(figure, `${screen} ${metric}`).toBeDefined();
        expect(figure?.readings).toBe(1);
        expect(figure?.p75).toBeCloseTo(bucketValue(metric, bucketOf(metric, value(screen, metric))), 6);
        const poor = metric === 'INP' && screen === SLOW_SCREEN;
        expect(figure?.shares, `${screen} ${metric}`).toEqual(
          poor
            ? { good: 0, 'needs-improvement': 0, poor: 1 }
            : expect.objectContaining({ poor: metric === 'INP' ? 0 : expect.any(Number) }),
        );
      }
    }
    // The terminal report marks the slow screen's INP poor, and no other screen's.
    const marked = fieldSpeedText(total)
      .filter((line) => line.endsWith('  poor'))
      .map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '));
    expect(marked).toContain(`${SLOW_SCREEN} INP`);
    expect(marked.filter((line) => line.endsWith('INP'))).toEqual([`${SLOW_SCREEN} INP`]);
    expect(problems).toEqual([]);
  }, 90_000);

  it('without soft navigations still puts the slow tap on the slow screen', async () => {
    const { page, context, problems, url } = await harness.open();
    // A browser without soft navigations, as web-vitals tells (Safari, Firefox, Chromium before 151).
    await context.addInitScript({ content: 'delete globalThis.PerformanceSoftNavigation;' });
    const session = await walk(page, context, url);
    expect(await page.evaluate(() => 'PerformanceSoftNavigation' in globalThis)).toBe(false);
    // The page-wide INP rises with the slow tap and not after it: the screens after it have none; the
    // first load has the only LCP; every screen has its CLS.
    const expected = ['welcome INP', `${SLOW_SCREEN} INP`, 'welcome LCP', ...walked.map((id) => `${id} CLS`)];
    const read = async () => (await readingsOf(session)).filter((reading) => walked.includes(reading.screen));
    await expect
      .poll(async () => (await read()).map(({ screen, metric }) => `${screen} ${metric}`).sort(), WAIT)
      .toEqual(expected.sort());
    const readings = await read();
    expect(valueOf(readings, SLOW_SCREEN, 'INP')).toBeGreaterThanOrEqual(1000);
    expect(valueOf(readings, 'welcome', 'INP')).toBeLessThan(500);
    expect(problems).toEqual([]);
  }, 90_000);
});
