/**
 * reports/funnel.html in real Chromium: the page opens offline from a file (Chart.js is inlined), every
 * drop-off chart is drawn (its canvas is not blank: the screenshot's pixels vary), and the flow map SVG
 * carries the counts. The figures come from a small seeded demo database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDatabase } from '../../common/report/demo-database.ts';
import { DEMO_PLAN } from '../../common/report/demo-visits.ts';
import { htmlReport } from '../../common/report/html-report.ts';
import { readFigures } from '../../common/report/read-figures.ts';
import { loadFlow } from '../support/load-flow.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './harness.ts';

const flow = loadFlow();
const out = join(repoRoot, 'reports');
const page = join(out, 'funnel.html');
let browser: Browser;

beforeAll(async () => {
  const db = await demoDatabase(flow, { ...DEMO_PLAN, sessions: 600 });
  const figures = await readFigures(
    async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    flow,
  );
  await db.close();
  mkdirSync(out, { recursive: true });
  writeFileSync(page, htmlReport(figures, flow));
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}, 120_000);
afterAll(() => browser?.close());

/** Standard deviation of the screenshot's grey levels: 0 for a blank canvas. */
function pixelSpread(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  const greys: number[] = [];
  for (let i = 0; i < data.length; i += 4)
    greys.push(((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3);
  const mean = greys.reduce((sum, g) => sum + g, 0) / greys.length;
  return Math.sqrt(greys.reduce((sum, g) => sum + (g - mean) ** 2, 0) / greys.length);
}

describe('reports/funnel.html', () => {
  it('draws a drop-off chart per variant, offline, and shows the flow map with counts', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, offline: true });
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await tab.goto(pathToFileURL(page).href);
    await tab.waitForSelector('body[data-charts="drawn"]', { timeout: 15_000 });
    const canvases = tab.locator('canvas');
    // All sessions, then one chart per variant of the skin funnel's experiment.
    expect(await canvases.count()).toBe(1 + (flow.experiments?.[0]?.variants.length ?? 0));
    for (let i = 0; i < (await canvases.count()); i++) {
      const shot = await canvases
        .nth(i)
        .screenshot({ path: i === 0 ? join(out, 'funnel-chart.png') : undefined });
      expect(pixelSpread(shot)).toBeGreaterThan(10);
    }
    const blank = await tab.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 100;
      document.body.append(canvas);
      return canvas.toDataURL();
    });
    expect(pixelSpread(Buffer.from(blank.split(',')[1] ?? '', 'base64'))).toBe(0);
    const map = tab.locator('svg[aria-label="Flow map with counts"]');
    await expect.poll(() => map.locator('text', { hasText: 'cliff-education' }).count()).toBe(1);
    expect(await map.textContent()).toMatch(/reached \d+ · drop-off \d+\.\d %/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
