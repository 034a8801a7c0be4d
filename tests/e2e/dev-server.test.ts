/**
 * `npm run dev` as a marketer runs it (issue 42, break 9): the command is started for real on a free
 * port, with FLOW naming a temporary copy of the flows (the repo's files are never changed) and its
 * own local database. Chromium loads a question from it; an edit of the flow file shows without a
 * manual reload; a broken flow shows in Vite's error overlay, and its fix clears it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './harness.ts';
import { freePort } from '../support/free-port.ts';

const QUESTION = 'Which changes in your skin concern you most?';
const EDITED = 'Which skin changes worry you the most today?';
const WAIT = { timeout: 60_000 } as const;

let dir: string;
let flow: string;
let original: string;
let child: ChildProcess | undefined;
let output = '';
let origin: string;
let browser: Browser;
let page: Page;

/** Starts `npm run dev` and resolves once it prints the address it serves. */
function startDev(port: number): Promise<void> {
  child = spawn('npm', ['run', '--silent', 'dev', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: repoRoot,
    env: { ...process.env, FLOW: flow, FUNNEL_DATA_DIR: join(dir, 'local-db'), NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm, Vite and the analysis workers: one process group, stopped together in afterAll.
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev printed no address in 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes(`127.0.0.1:${port}`)) return;
      clearTimeout(timer);
      resolve();
    };
    child?.stdout?.on('data', read);
    child?.stderr?.on('data', read);
    child?.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev exited with ${code}:\n${output}`));
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dev-server-'));
  cpSync(join(repoRoot, 'flows'), join(dir, 'flows'), { recursive: true });
  flow = join(dir, 'flows/skin-funnel.json');
  // English only: the question edited below would make the Spanish translation of it stale (an error).
  rmSync(join(dir, 'flows/skin-funnel.es.json'));
  original = readFileSync(flow, 'utf8').replace('"available": ["en", "es"]', '"available": ["en"]');
  expect(original).toContain('"available": ["en"]');
  writeFileSync(flow, original);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await startDev(port);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 360, height: 740 } });
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  if (child?.pid !== undefined && child.exitCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const overlay = () => page.locator('vite-error-overlay');

describe('npm run dev', () => {
  it('starts and serves /quiz/skin-concerns: Chromium sees the question', async () => {
    // The first load optimizes the dependencies and compiles the app: slow on a busy machine.
    await page.goto(`${origin}/quiz/skin-concerns`, { timeout: 120_000, waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: QUESTION }).waitFor({ timeout: 120_000 });
    expect(await overlay().count()).toBe(0);
  }, 150_000);

  it('shows an edit of the flow file without a manual reload', async () => {
    writeFileSync(flow, original.replace(QUESTION, EDITED));
    await page.getByRole('heading', { name: EDITED }).waitFor(WAIT);
  }, 90_000);

  it("shows a broken flow in Vite's error overlay, naming the problem, and its fix clears it", async () => {
    writeFileSync(flow, original.replace('"after": { "to": "skin-concerns" }', '"after": { "to": "skin-concernz" }'));
    await overlay().waitFor({ state: 'attached', ...WAIT });
    await expect.poll(() => overlay().evaluate((el) => el.shadowRoot?.textContent ?? ''), WAIT).toContain('skin-concernz');
    writeFileSync(flow, original);
    await page.getByRole('heading', { name: QUESTION }).waitFor(WAIT);
    expect(await overlay().count()).toBe(0);
  }, 150_000);
});
