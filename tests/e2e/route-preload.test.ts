/**
 * Issue 14, load order on a direct load: the page's own screen code is requested alongside the entry,
 * not after it. The entry's response is held back; the route preload map in index.html must still
 * request the current screen's renderer chunk, which without it would only be asked for once the
 * entry had run; its stylesheets are in the page and never requested. Also: the page still draws once the entry is let through, with no
 * spinner, and a page that is no route preloads the not-found screen's code only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseManifest } from '../../scripts/lib/before-first-question.ts';
import { expectScreen, flow, routeOf, screenOf } from './funnel.ts';
import { repoRoot, startHarness, type Harness } from './harness.ts';

let harness: Harness;
const dist = join(repoRoot, 'dist');
const manifestJson: unknown = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const manifest = parseManifest(manifestJson);
const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file ?? 'no entry';
const rendererFile = (kind: string) =>
  manifest[`src/screens/${kind}/${kind}.tsx`]?.file ?? `no ${kind} chunk`;

beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness?.closePages();
});
afterAll(async () => {
  await harness?.stop();
});

/** The first screen from the start that waits for the visitor, with a route (the first question). */
function firstQuestion(): string {
  let id = flow.start;
  while (screenOf(id).after?.to !== undefined) id = screenOf(id).after?.to ?? id;
  return id;
}

/**
 * Opens `path` with the entry's response held back, and returns the asset paths requested meanwhile
 * (until `settled` ms pass without a new one) plus a function that lets the entry through.
 */
async function loadWithEntryHeld(page: Page, path: string, settled = 500) {
  const requested: string[] = [];
  let held: Route | undefined;
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.route(`**/${entry}`, (route) => {
    held = route;
  });
  void page.goto(harness.baseUrl + path).catch(() => undefined);
  await expect.poll(() => held !== undefined, { timeout: 15_000, interval: 20 }).toBe(true);
  let count = -1;
  while (count !== requested.length) {
    count = requested.length;
    await page.waitForTimeout(settled);
  }
  return {
    requested: [...requested],
    release: () => held?.continue() ?? Promise.resolve(),
  };
}

describe('the route preload map', () => {
  it("requests a deep link's screen chunk and stylesheet while the entry is still downloading", async () => {
    const id = firstQuestion();
    const kind = screenOf(id).kind;
    const { page } = await harness.open();
    const { requested, release } = await loadWithEntryHeld(page, routeOf(id));
    expect(requested).toContain(`/${rendererFile(kind)}`);
    // The stylesheets of the first paint are written into the page (scripts/lib/inline-styles.ts), each
    // with a disabled link: the entry's, the shared kit's and the kind's own (Vite names it after the
    // chunk, assets/<kind>-<hash>.css, when the kind has one). None of them is requested.
    const html = await (await fetch(harness.baseUrl + routeOf(id))).text();
    const inPage = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled>/g)].map(([, href]) => href);
    const own = readdirSync(join(repoRoot, 'dist', 'assets'))
      .filter((f) => (f.startsWith(`${kind}-`) || f.startsWith('index-') || f.startsWith('screen-kit-')) && f.endsWith('.css'))
      .map((f) => `/assets/${f}`);
    expect(inPage).toEqual(expect.arrayContaining(own));
    expect(html).toMatch(/<style>[^<]+<\/style>/);
    expect(requested.filter((p) => inPage.includes(p))).toEqual([]);
    // The renderers' shared parts come in one chunk and one stylesheet (vite.config.ts's screen kit):
    // on a slow connection every file is a round trip.
    const beside = requested.filter(
      (p) => p.startsWith('/assets/') && !p.includes('/index-') && !p.includes('jsx-runtime'),
    );
    // Its own kind and the next screen's (preloaded so her first Continue never waits), the shared kit and
    // the content blocks: at most a chunk and a stylesheet each.
    expect(beside.length, beside.join(', ')).toBeLessThanOrEqual(8);
    await release();
    await expectScreen(page, id);
    await expect(page.getByTestId('screen-loading').count()).resolves.toBe(0);
  });

  it('requests the first question’s chunk on the start page, which moves on to it by itself', async () => {
    const { page } = await harness.open();
    const { requested, release } = await loadWithEntryHeld(page, '/');
    expect(requested).toContain(`/${rendererFile(screenOf(firstQuestion()).kind)}`);
    await release();
    await expectScreen(page, firstQuestion());
  });

  it("preloads only the not-found screen's chunk on a page that is no route (the build drew that screen)", async () => {
    const { page } = await harness.open();
    const { requested, release } = await loadWithEntryHeld(page, '/no-such-page', 300);
    const chunks = new Set(
      Object.entries(manifest)
        .filter(([source]) => source.startsWith('src/screens/'))
        .map(([, chunk]) => `/${chunk.file}`),
    );
    expect(requested.filter((p) => chunks.has(p))).toEqual([`/${rendererFile('not-found')}`]);
    await release();
  });
});
