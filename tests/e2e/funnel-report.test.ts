/**
 * reports/funnel.html in real Chromium: the page opens offline from a file (Chart.js is inlined), every
 * drop-off chart is drawn (its canvas is not blank: the screenshot's pixels vary), and the flow map SVG
 * carries the counts; the field speed section fits a 360 px phone with each screen's p75 and shares.
 * The figures come from a small seeded demo database.
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
import { readFieldSpeed } from '../../common/field-speed/field-speed-figures.ts';
import { loadFlow } from '../support/load-flow.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './harness.ts';

const flow = loadFlow();
const out = join(repoRoot, 'reports');
const page = join(out, 'funnel.html');
let browser: Browser;

beforeAll(async () => {
  const db = await demoDatabase(flow, { ...DEMO_PLAN, sessions: 600 });
  const query = async (sql: string, params: unknown[]) =>
    (await db.query<Record<string, unknown>>(sql, params)).rows;
  const figures = await readFigures(query, flow);
  const fieldSpeed = await readFieldSpeed(query, flow.id);
  await db.close();
  mkdirSync(out, { recursive: true });
  writeFileSync(page, htmlReport(figures, flow, fieldSpeed));
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

  it('shows each screen’s field speed, readable at 360 px, on a page that never scrolls sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, offline: true });
    const tab = await context.newPage();
    await tab.goto(pathToFileURL(page).href);
    const section = tab.locator('#field-speed');
    const age = section.locator('[data-screen="age"]');
    // The demo's slow screen: its INP is poor on phones, in color and in words.
    const inp = age.locator('table.field', { hasText: 'INP' }).first();
    expect(await inp.locator('tr', { hasText: /^all/ }).textContent()).toMatch(/^all \(\d+\)\d+ ms\s*poor.*\d+ % · \d+ % · \d+ %$/);
    await age.locator('summary', { hasText: 'INP by device' }).click();
    expect(await age.locator('details tr', { hasText: /^mobile/ }).nth(1).textContent()).toMatch(/ms\s*poor/);
    expect(await section.locator('.field-screen').count()).toBeGreaterThan(5);
    // Nothing in the section is wider than the phone.
    const widest = await section.evaluate((element) =>
      Math.max(...[...element.querySelectorAll('table, caption, h3, p')].map((e) => e.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(360);
    // Nor is the page: the charts, wide tables and the flow map scroll in their own boxes.
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await age.screenshot({ path: join(out, 'funnel-field-speed-360.png') });
    await context.close();
  }, 60_000);
});
