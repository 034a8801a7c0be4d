/**
 * The site plugin in `vite` dev (the built app under `vite preview` is covered end to end in
 * tests/e2e/site-security.test.ts): the dev policy with hot reload's allowances, 404 with the app for
 * unknown pages, 200 for routes and aliases, and modules untouched.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowPlugin } from '../common/flow-plugin/vite-plugin-flow.ts';
import { backendEnvChecked, sitePlugin } from './vite-plugin-site.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let server: ViteDevServer;
let base = '';

beforeAll(async () => {
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [sitePlugin()],
    // Only pages are fetched here, so no dependency pre-bundling (it would look for virtual:flow).
    optimizeDeps: { noDiscovery: true, include: [] },
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      hmr: false,
      watch: null,
      preTransformRequests: false,
    },
  });
  await server.listen();
  base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const page = (path: string) => fetch(`${base}${path}`, { headers: { accept: 'text/html' } });

describe('npm run dev', () => {
  it('sends the policy with what hot reload needs, and never eval', async () => {
    const response = await page('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self'.* ws:/);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers routes and aliases with 200 and unknown pages with 404 and the app', async () => {
    for (const path of ['/', '/quiz/step-4', '/quiz/dr-morgan-investigation/'])
      expect((await page(path)).status, path).toBe(200);
    const missing = await page('/nope');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('/@vite/client');
  });

  it('leaves modules and public files alone', async () => {
    expect((await fetch(`${base}/src/engine/routes.ts`)).status).toBe(200);
    expect((await page('/uploads/lumera-mark.svg')).status).toBe(200);
  });
});

describe('with another flow', () => {
  it("answers that flow's pages, read from the flow plugin's file", async () => {
    const other = await createServer({
      root,
      configFile: false,
      logLevel: 'error',
      plugins: [flowPlugin({ file: 'tests/fixtures/flows/valid-flow.json' }), sitePlugin()],
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { host: '127.0.0.1', port: 0, hmr: false, watch: null, preTransformRequests: false },
    });
    try {
      await other.listen();
      const url = other.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
      const status = async (path: string) =>
        (await fetch(`${url}${path}`, { headers: { accept: 'text/html' } })).status;
      expect(await status('/old-offer')).toBe(200);
      expect(await status('/quiz/step-1')).toBe(200);
      expect(await status('/quiz/step-4')).toBe(404);
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('a hosted backend', () => {
  it('is refused when only half of it is given, and taken whole or not at all', () => {
    expect(() => backendEnvChecked({ VITE_SUPABASE_URL: 'https://x.supabase.co' })).toThrow(
      /VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are set together or not at all \(supabaseKey is required\.\)/,
    );
    expect(() => backendEnvChecked({ VITE_SUPABASE_ANON_KEY: 'anon' })).toThrow(/supabaseUrl is required/);
    expect(() => backendEnvChecked({ VITE_SUPABASE_URL: 'https://x.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' })).not.toThrow();
    expect(() => backendEnvChecked({})).not.toThrow();
  });
});
