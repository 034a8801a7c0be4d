/**
 * Issue 14, the first paint: the build writes each page with its screen already drawn, so a visitor
 * sees her question before any script has run (the entry's response is held back here), and the app
 * then adopts that HTML (hydrates: the heading element stays the same node) instead of drawing it
 * again, with no console problem. A visitor in an experiment sees her own variant's drawing from the
 * start; a returning visitor whose stored answers the drawing doesn't show gets her own answers drawn;
 * the not-found page is served as the build drew it, with status 404. A tap made on the drawing
 * before the code arrived is held and answered once the app is in.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { button, buttonOf, expectScreen, flow, option, optionLabel, press, routeOf, screenOf, tapOption, WAIT } from './funnel.ts';
import { SAMPLE_FACE_PHOTO, startHarness, type Harness } from './harness.ts';
import { visitorFor } from './visitor.ts';
import { loadFlow } from '../support/load-flow.ts';

let harness: Harness;
const typedFlow = loadFlow();
const experiments = typedFlow.experiments ?? [];
/** The screens an experiment variant changes (their patches' /screens/<id>/… paths). */
const patchedScreens = experiments.flatMap((e) => e.variants.flatMap((v) => v.patches.map((p) => p.path.split('/')[2] ?? '')));

/** The base flow's value at a JSON pointer (a patch's path). */
function valueAt(pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), typedFlow);
}

beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness?.closePages();
});
afterAll(async () => {
  await harness?.stop();
});

/** The first single-choice screen from the start that needs nothing stored and no experiment changes. */
function question(): string {
  const patched = new Set(patchedScreens);
  const id = Object.keys(flow.screens).find(
    (key) => screenOf(key).kind === 'single-choice' && !patched.has(key) && screenOf(key).route !== undefined,
  );
  if (id === undefined) throw new Error('the flow has no single-choice screen to load directly');
  return id;
}

/** Opens `path` with every script held back; `release` lets them through. */
async function openWithScriptsHeld(page: Page, path: string) {
  const held: Route[] = [];
  let releasing = false;
  await page.route('**/assets/*.js', (route) => (releasing ? route.continue() : void held.push(route)));
  // Module scripts hold back DOMContentLoaded: wait for the response only.
  await page.goto(harness.baseUrl + path, { waitUntil: 'commit' });
  return {
    release: async () => {
      releasing = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

describe('a prerendered page', () => {
  it('shows its question before any script runs, then the app adopts that drawing and answers taps', async () => {
    const id = question();
    const first = screenOf(id).options?.[0]?.value ?? '';
    const { page, problems } = await harness.open();
    const { release } = await openWithScriptsHeld(page, routeOf(id));
    const heading = page.getByRole('heading', { level: 1, name: screenOf(id).question ?? '' });
    await heading.waitFor({ state: 'visible', timeout: WAIT.timeout });
    await expect(page.getByText(optionLabel(id, first), { exact: true }).isVisible()).resolves.toBe(true);
    await page.evaluate(() => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('h1');
    });
    await release();
    // Hydrated: the tap is answered by the app, and the heading is the element the build drew.
    await tapOption(page, id, first);
    const same = await page.evaluate(
      () => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('h1'),
    );
    expect(same).toBe(true);
    expect(problems).toEqual([]);
  });

  it('opened on the start screen, which moves on at once, paints its message first, then the first question', async () => {
    const start = screenOf(flow.start);
    const next = String(start.after?.to);
    const { page, problems } = await harness.open();
    // What the first contentful paint showed, read as it is reported (before the page's own script
    // moves on from it).
    await page.addInitScript(`new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      const shown = (el) => el !== null && getComputedStyle(el).display !== 'none';
      window.__atFirstPaint = {
        passing: shown(document.querySelector('[data-passing]')),
        root: shown(document.getElementById('root')),
        text: document.querySelector('[data-passing]')?.textContent ?? '',
      };
    }).observe({ type: 'paint', buffered: true });`);
    const { release } = await openWithScriptsHeld(page, routeOf(flow.start));
    const heading = page.getByRole('heading', { level: 1, name: screenOf(next).question ?? '' });
    await heading.waitFor({ state: 'visible', timeout: WAIT.timeout });
    // The observer's callback is a task of its own: it may come after the question is visible.
    const readAtFirstPaint = () =>
      page.evaluate(() => (window as unknown as { __atFirstPaint?: unknown }).__atFirstPaint);
    await expect.poll(readAtFirstPaint, WAIT).toBeDefined();
    const atFirstPaint = await readAtFirstPaint();
    expect(atFirstPaint).toMatchObject({ passing: true, root: false });
    expect((atFirstPaint as { text: string }).text).toContain(start.message ?? '');
    await page.evaluate(() => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root h1');
    });
    await release();
    // The app adopts the question's drawing, takes the address of the question, and drops the message.
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(routeOf(next));
    await expect.poll(() => page.locator('[data-passing]').count(), WAIT).toBe(0);
    const same = await page.evaluate(() => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('h1'));
    expect(same).toBe(true);
    expect(problems).toEqual([]);
  });

  it('takes a choice natively before the code arrived, shows it, and the app adopts it', async () => {
    const id = question();
    const first = screenOf(id).options?.[0]?.value ?? '';
    const { page, problems } = await harness.open();
    const { release } = await openWithScriptsHeld(page, routeOf(id));
    await page.getByRole('heading', { level: 1, name: screenOf(id).question ?? '' }).waitFor(WAIT);
    await option(page, id, first).click();
    // The native control took it, and the card shows it (its look follows :checked, not the app's state).
    expect(await option(page, id, first).isChecked()).toBe(true);
    const card = page.locator('label').filter({ has: option(page, id, first) });
    const unchosen = page.locator('label').filter({ has: option(page, id, screenOf(id).options?.[1]?.value ?? '') });
    const look = (l: typeof card) => l.evaluate((el) => getComputedStyle(el).borderColor);
    expect(await look(card)).not.toBe(await look(unchosen));
    await release();
    // Adopted: the app's state holds the choice (the card's mark is the app's), and it is still chosen.
    await expect.poll(() => card.getAttribute('data-checked'), WAIT).toBe('true');
    expect(await option(page, id, first).isChecked()).toBe(true);
    await press(page, buttonOf(id));
    await expectScreen(page, String(screenOf(id).next));
    expect(problems).toEqual([]);
  });

  it('takes a photo chosen on the drawing before the code arrived', async () => {
    const { page, problems } = await harness.open();
    const { release } = await openWithScriptsHeld(page, routeOf('photo-analysis'));
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await release();
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor(WAIT);
    expect(problems).toEqual([]);
  });

  it('keeps what the visitor typed on the drawing before the code arrived', async () => {
    const id = Object.keys(flow.screens).find((key) => screenOf(key).kind === 'form' && !screenOf(key).requires) ?? '';
    const fields = screenOf(id).fields ?? [];
    const { page, problems } = await harness.open();
    const { release } = await openWithScriptsHeld(page, routeOf(id));
    const typed = fields.map((field) => ((field as { type?: string }).type === 'email' ? 'early.bird@example.com' : 'Early'));
    for (const [i, field] of fields.entries()) await page.getByLabel(field.label, { exact: true }).fill(typed[i] ?? '');
    await release();
    await expect.poll(() => button(page, buttonOf(id)).isEnabled(), WAIT).toBe(true);
    for (const [i, field] of fields.entries())
      expect(await page.getByLabel(field.label, { exact: true }).inputValue()).toBe(typed[i]);
    expect(problems).toEqual([]);
  });

  it('keeps a value slid to on the drawing before the code arrived', async () => {
    const id = Object.keys(flow.screens).find((key) => screenOf(key).kind === 'slider' && !screenOf(key).requires) ?? '';
    const { min = 0, max = 100, default: start = min } = screenOf(id) as { min?: number; max?: number; default?: number };
    const slid = start === max ? min : max;
    const { page, problems } = await harness.open();
    const { release } = await openWithScriptsHeld(page, routeOf(id));
    await page.getByRole('slider').fill(String(slid));
    await release();
    await expect.poll(() => page.getByTestId('slider-value').innerText(), WAIT).toContain(String(slid));
    expect(await page.getByRole('slider').inputValue()).toBe(String(slid));
    expect(problems).toEqual([]);
  });

  it("draws a returning visitor's own answer instead of the fresh drawing", async () => {
    const id = question();
    const chosen = screenOf(id).options?.at(-1)?.value ?? '';
    const { page, problems } = await harness.open();
    await page.goto(harness.baseUrl + routeOf(id));
    await expectScreen(page, id);
    await tapOption(page, id, chosen);
    // A single choice may move on by itself; come back to the page by its address.
    await page.goto(harness.baseUrl + routeOf(id));
    await expectScreen(page, id);
    await expect.poll(() => option(page, id, chosen).isChecked(), WAIT).toBe(true);
    expect(problems).toEqual([]);
  });

  it('is served with its drawing', async () => {
    const page = await fetch(harness.baseUrl + routeOf(question()));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`<div id="root" data-prerendered="${routeOf(question())}">.*<h1`));
  });

  it.each(experiments.flatMap((e) => e.variants.map((v) => [e.id, v.id] as const)))(
    'shows a visitor in %s:%s her own variant before any script runs, and hydrates it',
    async (experimentId, variantId) => {
      const experiment = experiments.find((e) => e.id === experimentId);
      // The first text a variant of this experiment changes, and the screen it is on.
      const path = experiment?.variants.flatMap((v) => v.patches).find((p) => typeof p.value === 'string')?.path;
      const screenId = path?.split('/')[2] ?? '';
      if (!experiment || !path || screenOf(screenId).route === undefined) throw new Error('no text to watch');
      const textOf = (id: string) =>
        String(experiment.variants.find((v) => v.id === id)?.patches.find((p) => p.path === path)?.value ?? valueAt(path));
      const { page, problems } = await harness.open({ visitorId: visitorFor([experiment], () => variantId) });
      const { release } = await openWithScriptsHeld(page, routeOf(screenId));
      await page.getByText(textOf(variantId), { exact: true }).waitFor({ state: 'visible', timeout: WAIT.timeout });
      for (const other of experiment.variants.map((v) => textOf(v.id)).filter((text) => text !== textOf(variantId)))
        expect(await page.getByText(other, { exact: true }).count()).toBe(0);
      await page.evaluate(() => {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('main h1, main h2');
      });
      await release();
      await expectScreen(page, screenId);
      await page.getByText(textOf(variantId), { exact: true }).waitFor({ state: 'visible' });
      const same = await page.evaluate(
        () => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('main h1, main h2'),
      );
      expect(same).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  it('is the not-found screen for an unknown address, with status 404, and hydrates there', async () => {
    const response = await fetch(harness.baseUrl + '/no-such-page', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    const headline = screenOf(flow.notFound).headline ?? '';
    expect(await response.text()).toContain(headline);
    const { page } = await harness.open();
    await page.goto(harness.baseUrl + '/no-such-page');
    await page.getByRole('heading', { name: headline }).waitFor({ state: 'visible', timeout: WAIT.timeout });
  });
});
