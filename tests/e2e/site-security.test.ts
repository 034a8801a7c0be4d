/**
 * How the built funnel is served (`vite preview` of dist/, as `npm start` does): a strict
 * Content-Security-Policy (no inline script but the route preload map, by hash) and the other security
 * headers on every response, from dist/_headers; the
 * app walked in Chromium under that policy with zero violations; every route and alias answers 200,
 * any other page 404 with the not-found screen, and assets are served as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseHeadersFile } from '../../scripts/lib/site-headers.ts';
import { pageFile } from '../../scripts/lib/prerender-pages.ts';
import { flowPaths } from '../../scripts/lib/site-routes.ts';
import { WAIT, buttonOf, expectScreen, flow, press, screenOf, tapOption } from './funnel.ts';
import { SAMPLE_FACE_PHOTO, repoRoot, startHarness, type Harness, type TestPage } from './harness.ts';

let harness: Harness;
const dist = join(repoRoot, 'dist');
const shipped = () => parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8'));
/** The text of each inline script of a page (a script without `src`). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');

beforeAll(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness?.closePages();
});
afterAll(async () => {
  await harness?.stop();
});

/** A GET of `path` exactly as written, with a browser's Accept. */
function rawGet(baseUrl: string, path: string): Promise<{ status?: number; location?: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((done, fail) => {
    const req = httpRequest({ host: hostname, port, path, headers: { accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode, location: res.headers.location, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Collects every CSP violation the page reports, across navigations. */
async function watchViolations(tp: TestPage): Promise<string[]> {
  const violations: string[] = [];
  await tp.page.exposeFunction('__reportCsp', (line: string) => violations.push(line));
  await tp.context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCsp(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + location.pathname);
    });`,
  });
  return violations;
}

describe('the built page', () => {
  it('has one inline script, the route preload map that loads the entry, and no event handler in index.html', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = /<script data-entry="\/(assets\/[^"]+\.js)">/.exec(html)?.[1];
    expect(entry && existsSync(join(dist, entry))).toBe(true);
    expect(inlineScripts(html)).toHaveLength(1);
    expect(inlineScripts(html)[0]).toContain('modulepreload');
    expect(html).not.toMatch(/\son[a-z]+=/i);
    // One style element: the page's stylesheets, written in by the build (scripts/lib/inline-styles.ts).
    expect(html.match(/<style\b/g)).toHaveLength(1);
  });

  it('ships its headers for static hosts in dist/_headers: a strict CSP without the pixel host', () => {
    const headers = shipped();
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    const csp = headers['Content-Security-Policy'] ?? '';
    // Only the page's own files, and exactly the build's inline scripts, by their hashes: the route
    // preload map, and the variant pick on a page an experiment changes.
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    const scripts = new Set(pages.flatMap((file) => inlineScripts(readFileSync(join(dist, file), 'utf8'))));
    expect(scripts.size).toBe(2);
    const hashes = [...scripts].map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '))?.split(' ') ?? [];
    expect(scriptSrc.slice(0, 2)).toEqual(['script-src', "'self'"]);
    expect(scriptSrc.slice(2).sort()).toEqual(hashes.sort());
    // Each page's style element is allowed by its exact hash.
    const styleSrc = csp.split('; ').find((directive) => directive.startsWith('style-src '))?.split(' ') ?? [];
    for (const file of pages) {
      const style = /<style>([^<]*)<\/style>/.exec(readFileSync(join(dist, file), 'utf8'))?.[1];
      expect(style, file).toBeDefined();
      expect(styleSrc, file).toContain(`'sha256-${createHash('sha256').update(style ?? '', 'utf8').digest('base64')}'`);
    }
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|facebook/);
    expect(flow.settings.pixelId).toBe('');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBeTruthy();
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });
});

describe('the local server', () => {
  it('sends the shipped headers on pages, assets and 404s', async () => {
    const headers = shipped();
    const asset = readdirSync(join(dist, 'assets')).find((f) => f.endsWith('.js'));
    for (const path of ['/', '/quiz/step-4', `/assets/${asset}`, '/uploads/lumera-mark.svg', '/nope']) {
      const response = await fetch(`${harness.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      for (const [name, value] of Object.entries(headers))
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
    }
  });

  it('answers every route and alias of the flow with 200 and its page, and unknown pages with 404 and the not-found page', async () => {
    const paths = flowPaths(JSON.parse(readFileSync(join(repoRoot, 'flows/skin-funnel.json'), 'utf8'))) ?? [];
    expect(paths.length).toBeGreaterThan(20);
    // Each page is the file the build wrote for it (its screen prerendered), whatever the slash or query.
    const pageOf = (path: string) => readFileSync(join(dist, pageFile(path.split('?')[0] ?? path)), 'utf8');
    for (const path of [...paths, '/quiz/age-selection/', '/quiz/step-4?utm_source=x']) {
      const response = await fetch(`${harness.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(pageOf(path));
    }
    const notFoundPage = readFileSync(join(dist, '404.html'), 'utf8');
    for (const path of [
      '/nope',
      '/quiz/nope',
      '/quiz/step-4/extra',
      '/%E0%A4%A',
      '/rest/v1/rpc/track_step_view',
      // The static host's rule files are the host's, not pages (issue 28).
      '/_headers',
      '/_redirects',
      '/%5Fheaders',
      '/_REDIRECTS',
    ]) {
      const response = await fetch(`${harness.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe(notFoundPage);
    }
    const head = await fetch(`${harness.baseUrl}/nope`, { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(head.status).toBe(404);
  });

  it('answers //x and other //-prefixed or backslashed paths with 404, never the start page nor a redirect', async () => {
    const notFoundPage = readFileSync(join(dist, '404.html'), 'utf8');
    const paths = ['//', '//x', '//evil.com', '//evil.com/', '///evil.com', '//index.html', '//quiz/skin-concerns', '/\\evil.com', '/%5Cevil.com', '/%2F/evil.com'];
    for (const path of paths) {
      // Sent as written (fetch would turn the backslash into a slash).
      const { status, location, body } = await rawGet(harness.baseUrl, path);
      expect({ path, status, location }).toEqual({ path, status: 404, location: undefined });
      expect(body, path).toBe(notFoundPage);
    }
  });

  it('serves assets as before, and a missing asset is a plain 404, not the page', async () => {
    const asset = readdirSync(join(dist, 'assets')).find((f) => f.endsWith('.js'));
    const found = await fetch(`${harness.baseUrl}/assets/${asset}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toMatch(/javascript/);
    expect(await found.text()).toBe(readFileSync(join(dist, 'assets', asset ?? ''), 'utf8'));
    const missing = await fetch(`${harness.baseUrl}/assets/missing-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('shows the not-found screen with status 404 in the browser', async () => {
    const tp = await harness.open();
    const response = await tp.page.goto(tp.url('/no-such-page'));
    expect(response?.status()).toBe(404);
    await tp.page
      .getByRole('heading', { name: screenOf(flow.notFound).headline ?? '', exact: true })
      .waitFor();
  });
});

describe('the app under its Content-Security-Policy, in Chromium', () => {
  it('walks the quiz, the photo upload and the result pages with zero violations', async () => {
    const tp = await harness.open();
    const violations = await watchViolations(tp);
    const { page } = tp;
    const response = await page.goto(tp.url('/'));
    expect(response?.headers()['content-security-policy']).toBe(shipped()['Content-Security-Policy']);
    await expectScreen(page, 'skin-concerns');
    await tapOption(page, 'skin-concerns', 'firmness-loss');
    await press(page, buttonOf('skin-concerns'));
    await expectScreen(page, 'change-speed');
    await tapOption(page, 'change-speed', '1-2-years');
    await press(page, buttonOf('change-speed'));
    await expectScreen(page, 'age');
    await press(page, buttonOf('age'));
    await expectScreen(page, 'cliff-education');
    await press(page, buttonOf('cliff-education'));
    await expectScreen(page, 'analysis-bridge');
    await press(page, buttonOf('analysis-bridge'));
    // The photo: read in the browser (data: and blob: images), sent to analyze-face on the same origin.
    await expectScreen(page, 'photo-analysis');
    await page.locator('input[type="file"]').setInputFiles(SAMPLE_FACE_PHOTO);
    await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
    await press(page, buttonOf('photo-analysis'));
    await expectScreen(page, 'detailed-analysis');
    for (const id of ['education-urgency', 'brand-transformation', 'reversal-protocol']) {
      const route = screenOf(id).route ?? '';
      await page.goto(tp.url(route.replace('{settings.brandSlug}', flow.settings.brandSlug ?? '')));
      await expectScreen(page, id);
      // Images (the sample art) have loaded or failed by now.
      await page.waitForLoadState('load');
    }
    expect(violations).toEqual([]);
    expect(tp.problems.filter((p) => !p.startsWith('console.warning: Ad pixel not initialised'))).toEqual([]);

    // The watcher does see a violation: an inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
    });
    await expect
      .poll(() => violations, WAIT)
      .toEqual([expect.stringMatching(/^script-src.* blocked inline/)]);
    expect(await page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
  });
});
