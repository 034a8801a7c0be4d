/**
 * A rule that breaks at run time, in Chromium: a build whose flow carries a guard with an operator
 * json-logic doesn't know (slipped in after the checker, as a flow could carry one before the checker
 * knew every operator) shows the screen's error boundary, never a blank page, and logs the screen
 * and the error without the visitor's data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN } from './broken-rule.vite.config.ts';
import { WAIT } from './funnel.ts';
import { repoRoot, startHarness, type Harness } from './harness.ts';
import { productionBuild } from './production-build.ts';

const outDir = mkdtempSync(join(tmpdir(), 'broken-rule-dist-'));
let harness: Harness;

beforeAll(async () => {
  await productionBuild(outDir, { config: join(repoRoot, 'tests/e2e/broken-rule.vite.config.ts') });
  harness = await startHarness({ outDir });
}, 180_000);
afterAll(async () => {
  await harness?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

describe('a rule that breaks at run time', () => {
  it('shows the error boundary with a way on, not a blank page, and logs no personal data', async () => {
    const tp = await harness.open();
    const { page } = tp;
    await page.goto(tp.url('/quiz/skin-concerns'));
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: WAIT.timeout });
    expect(await alert.innerText()).toContain('Sorry, something went wrong on this page.');
    expect(await page.getByRole('button', { name: 'Try again', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to the start', exact: true }).getAttribute('href')).toBe('/');
    // The page still wears the brand: the wordmark is drawn above the message.
    expect((await page.locator('header').innerText()).trim()).not.toBe('');

    await expect
      .poll(() => tp.problems.some((line) => line.includes(`screen "${SCREEN}" failed and shows the error page`)), WAIT)
      .toBe(true);
    const logged = tp.problems.find((line) => line.includes('failed and shows the error page')) ?? '';
    expect(logged).toContain('Unrecognized operation contains');
    expect(logged).not.toMatch(/@/);

    // "Try again" reloads the page and shows the same honest message, not a blank page.
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await page.getByRole('alert').waitFor({ timeout: WAIT.timeout });
  });
});
