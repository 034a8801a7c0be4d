/**
 * Issue 32, right to left: the shoe finder opened with `?lang=ar` (built with
 * FLOW=flows/shoe-finder.json into its own folder) is in Arabic, `<html dir="rtl" lang="ar">`, and on a
 * 360 px phone no screen of a walk from / to the shop is wider than the screen: the visitor CSS is
 * logical (scripts/logical-css.test.ts), so the layout mirrors. The language is kept for the visit:
 * the later screens have no `?lang=` in their address. The walk photographs the result screen into
 * docs/screenshots/shoe-finder-ar-360.png (referenced from the README and docs/marketers/editing-flows.md).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT } from './funnel.ts';
import { sharedBuild } from './shared-build.ts';
import { EXTERNAL_PAGE_HEADING, loadFlow, repoRoot, startHarness, type FlowScreen, type Harness } from './harness.ts';
import { loadTranslation, translatedFlow } from './translations.ts';

const FLOW_FILE = 'flows/shoe-finder.json';
const english = loadFlow(FLOW_FILE);
const arabic = translatedFlow(FLOW_FILE, 'ar');
/** An Arabic text of the translation file, by its JSON pointer into the flow. */
const ar = (pointer: string): string => {
  const text = loadTranslation(FLOW_FILE, 'ar').texts[pointer]?.['ar'];
  if (text === undefined) throw new Error(`flows/shoe-finder.ar.json has no Arabic text for ${pointer}`);
  return text;
};
const PHONE = { width: 360, height: 740 };
const SHOT = join(repoRoot, 'docs/screenshots/shoe-finder-ar-360.png');
let harness: Harness;

beforeAll(async () => {
  // The shoe finder's production build, shared with shoe-finder.test.ts.
  const outDir = await sharedBuild({ FLOW: FLOW_FILE });
  harness = await startHarness({ outDir, flow: FLOW_FILE });
}, 300_000);
afterAll(async () => {
  await harness?.stop();
});

function screen(id: string): FlowScreen {
  const found = arabic.screens[id];
  if (!found) throw new Error(`${FLOW_FILE} has no screen "${id}"`);
  return found;
}

/** The Arabic label of an option, found by its stored value (values don't change with the language). */
function label(id: string, value: string): string {
  const option = screen(id).options?.find((o) => o.value === value);
  if (!option) throw new Error(`screen "${id}" has no option "${value}"`);
  return option.label;
}

/** The page's direction and language, and how much wider than the screen it is (0: not at all). */
async function layout(page: Page) {
  return page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    overflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
  }));
}

describe('the shoe finder in Arabic (?lang=ar), right to left', () => {
  it('walks from / to the shop mirrored, with no screen wider than a 360 px phone', async () => {
    const tp = await harness.open({ viewport: PHONE });
    const { page } = tp;
    const checked: string[] = [];
    /** Waits for screen `id` (its route and its Arabic words) and checks its direction and width. */
    const onScreen = async (id: string, words: string) => {
      await page.waitForURL((url) => url.pathname === english.screens[id]?.route, WAIT);
      await page.getByText(words, { exact: true }).first().waitFor({ state: 'visible' });
      expect(await layout(page), `screen "${id}"`).toEqual({ dir: 'rtl', lang: 'ar', overflow: 0 });
      checked.push(id);
    };
    const choose = async (id: string, value: string) => {
      const role = screen(id).kind === 'single-choice' ? 'radio' : 'checkbox';
      const input = page.getByRole(role, { name: label(id, value), exact: true });
      await input.click();
      await expect.poll(() => input.isChecked(), WAIT).toBe(true);
    };
    const press = (text: string) => page.getByRole('button', { name: text, exact: true }).click();

    await page.goto(tp.url('/?lang=ar'));
    expect(await page.title()).toBe(ar('/theme/title'));

    for (const [id, value] of [['distance', 'marathon'], ['weekly', ''], ['surfaces', 'road'], ['feel', 'plush'], ['foot', 'neutral'], ['niggles', 'knees']] as const) {
      await onScreen(id, screen(id).question ?? '');
      if (value) await choose(id, value);
      await press(screen(id).button ?? '');
    }
    // The language was kept for the visit: the later addresses carry no ?lang=.
    expect(new URL(page.url()).search).toBe('');

    // The matching screen moves on by itself to the lead form.
    const lead = screen('lead');
    await onScreen('lead', lead.content?.[0]?.text ?? '');
    const email = `runner-ar-${Date.now()}@example.com`;
    await page.getByLabel(lead.fields?.[0]?.label ?? '', { exact: true }).fill('Rami');
    await page.getByLabel(lead.fields?.[1]?.label ?? '', { exact: true }).fill(email);
    await press(lead.button ?? '');

    // The result: the tier label and the "why" list in Arabic, the shoe's product name as it is.
    await onScreen('result', ar('/tables/tierLabels/max'));
    await page.getByRole('heading', { name: 'Stride Cloudbank 4' }).waitFor();
    const main = await page.locator('main').innerText();
    expect(main).toContain(ar('/screens/result/content/4/title'));
    expect(main).toContain(ar('/tables/shoeBlurbs/max'));
    // A list item starts at the right: its check mark is right of its text.
    const item = page.locator('main li').first();
    const [itemBox, mainBox] = [await item.boundingBox(), await page.locator('main').boundingBox()];
    expect(itemBox && mainBox && mainBox.x + mainBox.width - (itemBox.x + itemBox.width)).toBeLessThan(40);
    mkdirSync(join(repoRoot, 'docs/screenshots'), { recursive: true });
    await page.screenshot({ path: SHOT });
    await press(screen('result').button ?? '');

    await page.getByRole('heading', { name: EXTERNAL_PAGE_HEADING }).waitFor({ timeout: WAIT.timeout });
    expect(tp.externalRequests).toEqual([
      `https://example.com/shoes?shoe=cloudbank-4&email=${encodeURIComponent(email)}&source=shoe-finder`,
    ]);
    expect(checked).toEqual(['distance', 'weekly', 'surfaces', 'feel', 'foot', 'niggles', 'lead', 'result']);
    expect(tp.problems).toEqual([]);
  });
});
