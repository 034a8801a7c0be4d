/**
 * Money and counted words written by the platform (Intl), on a small phone (360 px) in Chromium: a
 * flow built from tests/fixtures/flows/formats-flow.json shows its yearly saving as "$2,280 a year"
 * on the reveal (the figure and its signs on one line, the unit at a readable size) and its payback
 * as "1 year", not "1 years".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { productionBuild } from './production-build.ts';

const FLOW_FILE = 'tests/fixtures/flows/formats-flow.json';
const outDir = mkdtempSync(join(tmpdir(), 'formats-dist-'));
let harness: Harness;

beforeAll(async () => {
  await productionBuild(outDir, { env: { FLOW: FLOW_FILE } });
  harness = await startHarness({ outDir, flow: FLOW_FILE });
}, 180_000);
afterAll(async () => {
  await harness?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

/** How many lines the first shown occurrence of `text` takes on the page (0: not shown). */
function linesOf(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    // Boxes on one line overlap vertically (a smaller sign sits on the same baseline, so its bottom
    // differs); a box that starts below the line so far starts a new line.
    const lines = (range: Range) => {
      let count = 0;
      let bottom = Number.NEGATIVE_INFINITY;
      for (const rect of Array.from(range.getClientRects()).sort((a, b) => a.top - b.top)) {
        if (rect.width === 0) continue;
        if (rect.top >= bottom - 1) count += 1;
        bottom = Math.max(bottom, rect.bottom);
      }
      return count;
    };
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      if (!element.checkVisibility() || element.textContent !== wanted) continue;
      const range = document.createRange();
      range.selectNodeContents(element);
      return lines(range);
    }
    // Text inside a longer paragraph: measure the words themselves.
    const texts = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0 || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return lines(range);
    }
    return 0;
  }, text);
}

describe('number formats at 360 px (FLOW=tests/fixtures/flows/formats-flow.json)', () => {
  it('shows "$2,280 a year" on one line and "1 year" in the copy', async () => {
    const { page, problems } = await harness.open();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(harness.baseUrl + '/');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    const figure = page.getByTestId('animated-percent').locator('visible=true');
    await expect.poll(() => figure.textContent(), WAIT).toBe('$2,280 a year');
    expect(await linesOf(page, '$2,280 a year')).toBe(1);

    // The unit is drawn smaller than the digits, at a readable size.
    const sizes = await figure.evaluate((element) => {
      const sign = element.querySelector('span');
      return {
        digits: Number.parseFloat(getComputedStyle(element).fontSize),
        sign: Number.parseFloat(sign ? getComputedStyle(sign).fontSize : '0'),
      };
    });
    expect(sizes.sign).toBeGreaterThanOrEqual(16);
    expect(sizes.sign).toBeLessThan(sizes.digits);

    // "1 year" is joined by a no-break space, so it can't part at a line's end.
    const sentence = 'Worth $2,280 a year; the panels pay for themselves in about 1\u00a0year.';
    await expect.poll(() => page.getByText(sentence, { exact: true }).isVisible(), WAIT).toBe(true);
    expect(await linesOf(page, '$2,280')).toBe(1);
    expect(await linesOf(page, '1\u00a0year')).toBe(1);
    await page.screenshot({ path: join(tmpdir(), 'formats-reveal-360.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
