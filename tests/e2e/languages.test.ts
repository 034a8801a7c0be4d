/**
 * A flow in three languages (tests/fixtures/i18n/lang-flow.json with its .es and .ar files), built and
 * served, in Chromium: a phone set to es-MX gets the Spanish page from the server (the first paint,
 * before any script, is in Spanish with <html lang="es">), the app keeps it in Spanish with Spanish
 * number formats; ?lang=ar lays the page out right to left; the default stays English.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAIT } from './funnel.ts';
import { startHarness, type Harness } from './harness.ts';
import { productionBuild } from './production-build.ts';

const FLOW_FILE = 'tests/fixtures/i18n/lang-flow.json';
const outDir = mkdtempSync(join(tmpdir(), 'languages-dist-'));
let harness: Harness;

beforeAll(async () => {
  await productionBuild(outDir, { env: { FLOW: FLOW_FILE } });
  harness = await startHarness({ outDir, flow: FLOW_FILE });
}, 180_000);
afterEach(() => harness?.closePages());
afterAll(async () => {
  await harness?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

const QUESTION_ES = '¿Cuántos paneles caben en tu tejado?';
const QUESTION_EN = 'How many panels fit on your roof?';

describe('a visitor in her own language', () => {
  it('es-MX: the first paint (no script yet) is the Spanish page, <html lang="es">', async () => {
    const { page } = await harness.open({ locale: 'es-MX', javaScript: false });
    const response = await page.goto(harness.baseUrl + '/');
    expect(response?.headers()['vary']).toMatch(/Accept-Language/i);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'es',
      'ltr',
    ]);
    expect(await page.getByText(QUESTION_ES).isVisible()).toBe(true);
    expect(await page.getByText(QUESTION_EN).count()).toBe(0);
  });

  it('es-MX with the app running: stays Spanish to the result, numbers written the Spanish way, no error', async () => {
    const { page, problems } = await harness.open({ locale: 'es-MX' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(harness.baseUrl + '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe('es');
    await expect.poll(() => page.getByText(QUESTION_ES).isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect.poll(() => page.getByText('Tu ahorro anual').isVisible(), WAIT).toBe(true);
    // Spanish plural words from the translation, through Intl (settings.locale follows the language).
    await expect
      .poll(() => page.getByText(/los paneles se pagan solos en unos 1\u00a0año\./).isVisible(), WAIT)
      .toBe(true);
    const figure = page.getByTestId('animated-percent').locator('visible=true');
    await expect.poll(() => figure.textContent(), WAIT).toMatch(/al año$/);
    expect(await figure.textContent()).not.toContain('$2,280');
    // She downloads her own language's texts, and no other language's.
    expect(scripts.some((path) => /\/assets\/es-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(en|ar)-[\w-]+\.js$/.test(path))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('?lang=ar beats the phone and lays the page out right to left; the default is English', async () => {
    const ar = await harness.open({ locale: 'es-MX' });
    await ar.page.goto(harness.baseUrl + '/?lang=ar');
    await expect
      .poll(() => ar.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), WAIT)
      .toEqual(['ar', 'rtl']);
    await expect.poll(() => ar.page.getByText('كم لوحًا يتسع سطحك؟').isVisible(), WAIT).toBe(true);
    const overflow = await ar.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(ar.problems).toEqual([]);

    const en = await harness.open({ locale: 'de-DE' });
    await en.page.goto(harness.baseUrl + '/');
    await expect.poll(() => en.page.getByText(QUESTION_EN).isVisible(), WAIT).toBe(true);
    expect(await en.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(en.problems).toEqual([]);
  });
});
