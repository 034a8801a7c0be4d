/**
 * A rule that breaks at run time, in Chromium: a build whose flow carries a guard with an operator
 * json-logic doesn't know (slipped in after the checker, as a flow could carry one before the checker
 * knew every operator) shows the screen's error boundary, never a blank page, and logs the screen
 * and the error without the visitor's data.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLOW_FILE } from '../../supabase/functions/_shared/flow-path.ts';
import { WAIT } from './funnel.ts';
import { repoRoot, startHarness, type Harness } from './harness.ts';

const SCREEN = 'skin-concerns';
const outDir = mkdtempSync(join(tmpdir(), 'broken-rule-dist-'));
let harness: Harness;

/** Serves `virtual:flow` (before the flow plugin does) with SCREEN's next guarded by an unknown operator. */
function brokenRule(): Plugin {
  return {
    name: 'test-broken-rule',
    enforce: 'pre',
    load(id) {
      if (id !== '\0virtual:flow') return undefined;
      const flow: { screens: Record<string, { next?: unknown }> } = JSON.parse(
        readFileSync(join(repoRoot, DEFAULT_FLOW_FILE), 'utf8'),
      );
      const screen = flow.screens[SCREEN];
      if (!screen || typeof screen.next !== 'string') throw new Error(`${SCREEN} no longer has a plain next`);
      screen.next = [{ when: { contains: ['dryness', { var: 'answers.skinIssues' }] }, to: screen.next }, { to: screen.next }];
      return `export default ${JSON.stringify(flow)};\n`;
    },
  };
}

beforeAll(async () => {
  await build({ root: repoRoot, logLevel: 'error', plugins: [brokenRule()], build: { outDir, emptyOutDir: true } });
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
