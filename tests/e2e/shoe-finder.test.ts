/**
 * The second funnel, a running-shoe finder written in JSON alone (flows/shoe-finder.json), built with
 * FLOW=flows/shoe-finder.json into its own folder and walked in Chromium from `/` to the shop: its
 * theme is on the page, its computed match is shown and carried to the redirect, and its lead row
 * holds every one of its answers with its flow id and version, and the computed result it showed
 * (tracking.lead.result: cushion score, tier and shoe code).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT } from './funnel.ts';
import { sharedBuild } from './shared-build.ts';
import { EXTERNAL_PAGE_HEADING, loadFlow, startHarness, type Harness } from './harness.ts';

const FLOW_FILE = 'flows/shoe-finder.json';
const shoe = loadFlow(FLOW_FILE);
let outDir: string;
let harness: Harness;

beforeAll(async () => {
  // A production build, as `npm run build` makes, shared with shoe-finder-rtl.test.ts.
  outDir = await sharedBuild({ FLOW: FLOW_FILE });
  harness = await startHarness({ outDir, flow: FLOW_FILE });
}, 300_000);
afterAll(async () => {
  await harness?.stop();
});

function screen(id: string) {
  const found = shoe.screens[id];
  if (!found) throw new Error(`${FLOW_FILE} has no screen "${id}"`);
  return found;
}

function label(id: string, value: string): string {
  const option = screen(id).options?.find((o) => o.value === value);
  if (!option) throw new Error(`screen "${id}" has no option "${value}"`);
  return option.label;
}

/** Every file of a build, relative to its folder (with forward slashes). */
function builtFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe('the shoe finder (FLOW=flows/shoe-finder.json)', () => {
  it("ships its own brand only: no other flow's image, favicon or words", () => {
    const files = builtFiles(outDir);
    // Only the uploads the flow names, and no icon but its own.
    expect(files.filter((file) => file.startsWith('uploads/'))).toEqual(['uploads/stride-lab-mark.svg']);
    expect(files).not.toContain('favicon.svg');
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html.match(/<link rel="icon"[^>]*>/g)).toEqual([
      '<link rel="icon" href="/uploads/stride-lab-mark.svg" type="image/svg+xml" />',
    ]);
    // The skin funnel's brand, copy and pictures, in any shipped file (pages, scripts, styles, images).
    const skin = /lumera|skin|hormon|estrogen|wrinkle|collagen|menopaus|diagnosis|doctor|#8a3a5c/i;
    const leaking = files.filter((file) => /\.(html|js|css|svg|json|txt|webmanifest)$|^_/.test(file) && skin.test(readFileSync(join(outDir, file), 'utf8')));
    expect(leaking).toEqual([]);
  });


  it('walks from / to the shop with its own theme, result and lead row', async () => {
    const tp = await harness.open();
    const { page } = tp;
    const choose = async (id: string, value: string) => {
      const role = screen(id).kind === 'single-choice' ? 'radio' : 'checkbox';
      const input = page.getByRole(role, { name: label(id, value), exact: true });
      await input.click();
      await expect.poll(() => input.isChecked(), WAIT).toBe(true);
    };
    const press = (text: string) => page.getByRole('button', { name: text, exact: true }).click();
    const path = () => new URL(page.url()).pathname;

    await page.goto(tp.url('/'));
    // The flow's brand is on the page before anything else: title, description, colours, wordmark.
    expect(await page.title()).toBe('Find Your Running Shoe | Stride Lab');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Eleven quick questions about how you run, and the shoe that fits it.',
    );
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim())).toBe(
      '#1d5e45',
    );
    await page.getByText('Stride Lab', { exact: true }).first().waitFor();
    // Its own icon before the wordmark (theme.logo), not another brand's mark: the build draws the SVG
    // as a PNG at three times its size (common/flow-plugin/raster-logo.ts), and the page loads it.
    const mark = page.locator('header img[src^="/assets/stride-lab-mark-"][src$=".png"]').first();
    await mark.waitFor();
    await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), WAIT).toBe(64);

    await page.waitForURL((url) => url.pathname === screen('distance').route, WAIT);
    await choose('distance', 'marathon');
    await press('Continue');

    await page.waitForURL((url) => url.pathname === screen('weekly').route, WAIT);
    const slider = page.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight'); // 25 → 40 km in steps of 5
    await expect.poll(() => slider.inputValue(), WAIT).toBe('40');
    await press('Continue');

    await page.waitForURL((url) => url.pathname === screen('surfaces').route, WAIT);
    await choose('surfaces', 'road');
    await press('Continue');
    await choose('feel', 'plush');
    await press('Continue');
    await choose('foot', 'neutral');
    await press('Continue');
    await choose('niggles', 'knees');
    await press('Find My Shoe');

    // The matching screen moves on by itself to the lead form.
    await page.waitForURL((url) => url.pathname === screen('lead').route, WAIT);
    const email = `runner-${Date.now()}@example.com`;
    await page.getByLabel('First name', { exact: true }).fill('Robin');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await press('Show My Shoe');

    // Marathon 3 + plush 3 + knees 1.5 + 40 km / 40 = 8.5 of 10: the max-cushion tier's shoe.
    await page.waitForURL((url) => url.pathname === screen('result').route, WAIT);
    await page.getByRole('heading', { name: 'Stride Cloudbank 4' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('8.5 / 10');
    expect(await page.locator('main').innerText()).toContain('Max cushion');
    expect(path()).toBe('/finder/result');
    await press('Shop My Shoe');

    await page.getByRole('heading', { name: EXTERNAL_PAGE_HEADING }).waitFor({ timeout: WAIT.timeout });
    expect(tp.externalRequests).toEqual([
      `https://example.com/shoes?shoe=cloudbank-4&email=${encodeURIComponent(email)}&source=shoe-finder`,
    ]);

    await expect
      .poll(async () => (await harness.rows('select 1 from public.quiz_completions where email = $1', [email])).length, WAIT)
      .toBe(1);
    const [lead] = await harness.rows<{ answers: unknown; result: unknown; flow_id: string; flow_version: number; age: number | null; session_id: string }>(
      'select answers, result, flow_id, flow_version, age, session_id from public.quiz_completions where email = $1',
      [email],
    );
    expect(lead).toMatchObject({
      answers: {
        distance: 'marathon',
        weeklyKm: 40,
        surfaces: ['road'],
        feel: 'plush',
        footType: 'neutral',
        niggles: ['knees'],
        name: 'Robin',
        email,
      },
      // The figures the result screen showed (8.5 / 10, max cushion) and the shoe the shop receives.
      result: { cushionScore: 8.5, tier: 'max', shoeCode: 'cloudbank-4' },
      flow_id: 'shoe-finder',
      flow_version: 1,
      age: null,
    });
    await expect
      .poll(
        async () =>
          harness.rows('select last_step_reached, total_steps_completed, flow_id from public.user_journey_sessions where session_id = $1', [
            lead?.session_id,
          ]),
        WAIT,
      )
      .toEqual([{ last_step_reached: 'went_to_shop', total_steps_completed: 7, flow_id: 'shoe-finder' }]);
    expect(tp.problems).toEqual([]);
  });

  it('opened at a middle question by its URL, tapping on never reaches the lead form or the result', async () => {
    const tp = await harness.open({ watch: [screen('lead').button ?? 'Show My Shoe', 'Stride Cloudbank 4'] });
    const { page } = tp;
    const press = (text: string) => page.getByRole('button', { name: text, exact: true }).click();
    const choose = async (id: string, value: string) => {
      const role = screen(id).kind === 'single-choice' ? 'radio' : 'checkbox';
      await page.getByRole(role, { name: label(id, value), exact: true }).click();
    };
    const before = (await harness.rows('select 1 from public.quiz_completions')).length;

    // An old ad opens the feel question: distance, weekly distance and surfaces were never asked.
    await page.goto(tp.url(screen('feel').route ?? ''));
    await choose('feel', 'plush');
    await press('Continue');
    await page.waitForURL((url) => url.pathname === screen('foot').route, WAIT);
    await choose('foot', 'neutral');
    await press('Continue');
    await page.waitForURL((url) => url.pathname === screen('niggles').route, WAIT);
    await choose('niggles', 'knees');
    await press('Find My Shoe');

    // The lead form requires the answers the result is computed from: she is sent back to the start,
    // which leads to the first question, with the answers she gave kept.
    await page.waitForURL((url) => url.pathname === screen('distance').route, WAIT);
    const seen = await tp.seen();
    expect(Object.keys(seen)).toEqual([]);
    expect((await harness.rows('select 1 from public.quiz_completions')).length).toBe(before);

    // Reloading or opening the result by its URL doesn't show it either.
    await page.goto(tp.url(screen('result').route ?? ''));
    await page.waitForURL((url) => url.pathname === screen('distance').route, WAIT);
    expect(Object.keys(await tp.seen())).toEqual([]);
    expect(tp.problems).toEqual([]);
  });
});
