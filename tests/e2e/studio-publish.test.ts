/**
 * Ship a version from the Flow Studio, in Chromium, on a temporary clone of this repository whose
 * `origin` is a local bare repository: a question edited and kept as a draft opens at its preview
 * link as a production build showing the new text; Publish makes one commit on main holding only the
 * flow file's one changed line, pushed; "Restore this version" makes a new pushed commit whose flow
 * file equals the old one byte for byte; a flow with a checker error is refused with the findings;
 * a publish from a tab that has not seen another tab's publish is refused with its diff until seen.
 * Screenshots of the History panel and the publish dialog (desktop, 360 px) go to docs/studio/.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type RunningStudio } from '../../server/studio-server.ts';
import { FLOW, gitProject, type GitProject } from '../support/test-git-project.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './harness.ts';
import { freePort } from '../support/free-port.ts';
import { rawRequest } from './studio-harness.ts';

const OLD = 'Which changes in your skin concern you most?';
const NEW = 'Which skin changes worry you most?';
const WAIT = { timeout: 30_000, interval: 100 } as const;
const SHOTS = join(repoRoot, 'docs/studio');
let p: GitProject;
let studio: RunningStudio;
let browser: Browser;
let page: Page;
let original: string;
let first: string;
let port: number;

const head = () => p.git('rev-parse', 'main').trim();
const remoteHead = () => p.git('--git-dir', p.bare, 'rev-parse', 'main').trim();

async function openStudio(): Promise<Page> {
  const tab = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  tab.on('pageerror', (error) => console.error(`studio page error: ${error.message}`));
  await tab.goto(studio.url, { timeout: 150_000, waitUntil: 'domcontentloaded' });
  await tab.locator('.studio-node').first().waitFor({ timeout: 150_000 });
  return tab;
}

async function editQuestion(tab: Page, from: string, to: string): Promise<void> {
  await tab.locator('.studio-node[data-screen="skin-concerns"]').click();
  await tab.getByRole('tab', { name: 'Inspector' }).click();
  const question = tab.locator('.studio-inspector #root_question');
  await expect.poll(() => question.inputValue(), WAIT).toBe(from);
  await question.fill(to);
  await tab.getByRole('button', { name: 'Save…', exact: true }).click();
  await tab.getByRole('dialog').getByRole('button', { name: /^Save/ }).click();
  await expect.poll(() => tab.getByRole('button', { name: 'Saved', exact: true }).isVisible(), WAIT).toBe(true);
}

async function publish(tab: Page, message: string): Promise<void> {
  await tab.getByRole('button', { name: 'Publish…', exact: true }).click();
  await tab.getByLabel('Publish message').fill(message);
  await tab.getByRole('button', { name: 'Publish to main', exact: true }).click();
}

beforeAll(async () => {
  p = gitProject({ withApp: true });
  original = p.read(FLOW);
  first = head();
  port = await freePort();
  studio = await startStudio({ appRoot: repoRoot, project: p.project, flowFile: FLOW, port, host: '127.0.0.1', branch: 'main' });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await openStudio();
}, 400_000);
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await studio?.close();
  p?.remove();
});

describe('publishing from the Flow Studio', () => {
  it('asks the studio token for history, publish, restore and drafts', async () => {
    for (const [method, path] of [
      ['GET', `/api/versions?file=${FLOW}`],
      ['POST', '/api/publish'],
      ['POST', '/api/restore'],
      ['POST', '/api/draft'],
    ] as const) {
      const refused = await rawRequest(port, { method, path, body: JSON.stringify({ file: FLOW, message: 'x', commit: first, name: 'x' }) });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatch(/needs the studio token/);
    }
    expect(head()).toBe(first);
  });

  it('saves a draft whose preview link serves the production build with the new question, main untouched', async () => {
    await editQuestion(page, OLD, NEW);
    await page.getByRole('button', { name: 'Publish…', exact: true }).click();
    await page.getByLabel('Draft name').fill('warmer-question');
    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await page.getByText('Building the preview').waitFor({ timeout: 30_000 });
    const link = page.locator('.studio-preview-link a');
    await link.waitFor({ timeout: 400_000 });
    await page.screenshot({ path: join(SHOTS, 'studio-draft.png') });
    expect(head()).toBe(first);
    expect(p.git('symbolic-ref', 'HEAD').trim()).toBe('refs/heads/main');
    expect(p.git('show', `draft/warmer-question:${FLOW}`)).toContain(NEW);

    const url = (await link.getAttribute('href')) ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?preview=[\w-]{20,}$/);
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
    // Without the token the preview is refused.
    const bare = await phone.goto(url.replace(/\?preview=.*$/, ''));
    expect(bare?.status()).toBe(403);
    await phone.goto(url);
    await phone.getByText(NEW).waitFor({ timeout: 30_000 });
    // The production build: Vite's hashed assets, no dev client.
    const scripts = await phone.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
    expect(scripts.some((src) => /\/assets\/.+-[\w-]{8}\.js$/.test(src))).toBe(true);
    expect(scripts.some((src) => src.includes('@vite/client'))).toBe(false);
    await phone.close();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  }, 500_000);

  it('publishes one commit on main holding only the one changed line, pushed to the bare repository', async () => {
    await publish(page, 'Warmer skin-concerns question');
    await page.locator('.studio-published').waitFor({ timeout: 60_000 });
    expect(await page.locator('.studio-published').textContent()).toMatch(/Published as \w{8} on main; pushed to origin/);
    await page.screenshot({ path: join(SHOTS, 'studio-publish.png') });
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(p.git('rev-list', '--count', `${first}..main`).trim()).toBe('1');
    expect(p.git('show', '--numstat', '--format=', 'main').trim()).toBe(`1\t1\t${FLOW}`);
    expect(p.git('log', '-1', '--format=%s%n%an', 'main').trim()).toBe('Warmer skin-concerns question\nTest Marketer');
    expect(remoteHead()).toBe(head());
    expect(p.git('status', '--porcelain').trim()).toBe('');
  }, 120_000);

  it('lists the versions with their diffs, opens one read-only, and restores it as a new pushed commit', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    // The clone keeps the repository's own history of the file below the two commits of this test.
    const entries = page.locator('.studio-versions > li');
    await expect.poll(() => entries.nth(1).locator('strong').textContent(), WAIT).toBe('The skin funnel in English');
    expect(await entries.nth(0).textContent()).toMatch(/Warmer skin-concerns question.*Test Marketer/);
    expect(await entries.nth(0).locator('.studio-version-diff').textContent()).toMatch(/skin-concerns/);
    expect(await entries.nth(0).locator('code').textContent()).toMatch(/revision [0-9a-f]{12}/);
    await page.screenshot({ path: join(SHOTS, 'studio-history.png') });

    await entries.nth(1).getByRole('button', { name: 'Open read-only' }).click();
    await page.getByText('read-only', { exact: false }).first().waitFor();
    await expect.poll(() => page.locator('.studio-inspector').count(), WAIT).toBe(0);
    await page.locator('.studio-readonly .studio-node[data-screen="skin-concerns"]').click();
    await page.frameLocator('iframe.studio-phone').getByText(OLD).waitFor({ timeout: 30_000 });

    const published = head();
    await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('button', { name: 'Restore and publish', exact: true }).click();
    await page.locator('.studio-published').waitFor({ timeout: 60_000 });
    expect(p.git('rev-list', '--count', `${published}..main`).trim()).toBe('1');
    expect(p.git('rev-parse', 'main~1').trim()).toBe(published);
    expect(p.git('show', `main:${FLOW}`)).toBe(original);
    expect(p.read(FLOW)).toBe(original);
    expect(remoteHead()).toBe(head());
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  }, 120_000);

  it('refuses to publish a flow with a checker error, with the findings', async () => {
    await page.reload();
    await page.locator('.studio-node').first().waitFor({ timeout: 60_000 });
    const before = head();
    await page.locator('.studio-node[data-screen="skin-concerns"]').click();
    await page.getByRole('tab', { name: 'Screen source' }).click();
    await page.locator('.studio-source .cm-content').click();
    await page.keyboard.press('Control+f');
    await page.locator('.cm-search input[name=search]').fill('"next": "change-speed"');
    await page.locator('.cm-search input[name=replace]').fill('"next": "change-speex"');
    await page.locator('.cm-search button[name=replaceAll]').click();
    await publish(page, 'Broken');
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), WAIT).toMatch(/does not pass flow:check --strict/);
    expect(await alert.textContent()).toMatch(/change-speex/);
    expect(head()).toBe(before);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('button', { name: 'Save…', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => p.read(FLOW), WAIT).toBe(original);
  }, 120_000);

  it('refuses a publish from a tab that has not seen a newer publish, until its diff has been seen', async () => {
    const other = await openStudio();
    // This tab publishes first.
    await editQuestion(page, OLD, NEW);
    await publish(page, 'First tab');
    await page.locator('.studio-published').waitFor({ timeout: 60_000 });
    const firstTab = head();
    // The other tab follows the file on disk, edits another text, and is told of the first publish.
    await other.locator('.studio-node[data-screen="skin-concerns"]').click();
    const hint = other.locator('.studio-inspector #root_hint');
    await expect.poll(() => other.locator('.studio-inspector #root_question').inputValue(), WAIT).toBe(NEW);
    await hint.fill('Pick every one that applies.');
    await other.getByRole('button', { name: 'Save…', exact: true }).click();
    await other.getByRole('dialog').getByRole('button', { name: /^Save/ }).click();
    await publish(other, 'Second tab');
    const alert = other.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), WAIT).toMatch(/newer version than the one you started from/);
    expect(await alert.textContent()).toMatch(/skin-concerns/);
    expect(head()).toBe(firstTab);
    expect(await other.getByRole('button', { name: 'Publish to main', exact: true }).isDisabled()).toBe(true);
    await other.screenshot({ path: join(SHOTS, 'studio-publish-conflict.png') });
    await other.setViewportSize({ width: 360, height: 800 });
    await other.screenshot({ path: join(SHOTS, 'studio-publish-360.png') });
    await other.getByRole('button', { name: 'I have seen it: publish mine on top' }).click();
    await other.getByRole('button', { name: 'Publish to main', exact: true }).click();
    await other.locator('.studio-published').waitFor({ timeout: 60_000 });
    expect(p.git('rev-parse', 'main~1').trim()).toBe(firstTab);
    expect(p.git('show', `main:${FLOW}`)).toContain('Pick every one that applies.');
    expect(p.git('show', `main:${FLOW}`)).toContain(NEW);
    expect(remoteHead()).toBe(head());
    await other.getByRole('button', { name: 'Close', exact: true }).click();
    await other.getByRole('button', { name: 'History', exact: true }).click();
    const messages = () => other.locator('.studio-versions > li strong').allTextContents();
    await expect
      .poll(async () => (await messages()).slice(0, 5), WAIT)
      .toEqual(['Second tab', 'First tab', `Restore ${FLOW} as of ${first.slice(0, 8)}`, 'Warmer skin-concerns question', 'The skin funnel in English']);
    await other.screenshot({ path: join(SHOTS, 'studio-history-360.png') });
    await other.close();
  }, 200_000);
});
