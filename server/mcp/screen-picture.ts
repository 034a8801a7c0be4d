/**
 * A 390 px wide picture of one screen for a sample visitor, when Chromium is installed: the flow is
 * built as `FLOW=<file> npm run build` would (vite, run by execFile: no shell), served from a temporary
 * folder on a free local port, and opened in Chromium with the sample's answers in sessionStorage.
 * Slow (a build per picture), so describe_screen makes one only when asked.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { resolveRoute } from '../../src/engine/routes.ts';

const CHROMIUM = '/usr/bin/chromium';
const TYPES: Record<string, string> = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.json': 'application/json', '.woff2': 'font/woff2', '.wasm': 'application/wasm',
};

export interface PictureRequest {
  projectDir: string;
  flowPath: string;
  flow: Flow;
  screen: string;
  sample: string;
}

function buildFlow(projectDir: string, flowPath: string, outDir: string): Promise<void> {
  const vite = join(projectDir, 'node_modules/.bin/vite');
  const env = { ...process.env, FLOW: flowPath, NODE_ENV: 'production' };
  return new Promise((done, fail) =>
    execFile(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: projectDir, env, timeout: 300_000, maxBuffer: 8 * 1024 * 1024 }, (error, _out, stderr) =>
      error ? fail(new Error(`the build of the flow failed: ${stderr.trim().slice(0, 500) || error.message}`)) : done(),
    ),
  );
}

/** Serves the built folder: a file, a prerendered `<route>.html`, else index.html (the app routes). */
function serve(outDir: string): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const candidates = [join(outDir, path), join(outDir, `${path}.html`), join(outDir, path, 'index.html'), join(outDir, 'index.html')];
    const file = candidates.find((c) => c.startsWith(outDir + sep) && existsSync(c) && statSync(c).isFile()) ?? join(outDir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    done({ server, port: typeof address === 'object' && address ? address.port : 0 });
  }));
}

/** The PNG, or why there is none. */
export async function screenPicture(request: PictureRequest): Promise<Buffer | string> {
  if (!existsSync(CHROMIUM)) return `Chromium is not installed at ${CHROMIUM}`;
  const screen = request.flow.screens[request.screen];
  const route = screen && 'route' in screen ? screen.route : undefined;
  if (route === undefined) return `screen "${request.screen}" has no route, so it can't be opened on its own`;
  const outDir = mkdtempSync(join(tmpdir(), 'mcp-picture-'));
  let server: Server | undefined;
  const browser = await buildFlow(request.projectDir, request.flowPath, outDir).then(() =>
    chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
  ).catch((cause: unknown) => {
    rmSync(outDir, { recursive: true, force: true });
    throw cause;
  });
  try {
    const served = await serve(outDir);
    server = served.server;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const sample = request.flow.samples?.[request.sample === 'low' || request.sample === 'high' ? request.sample : 'medium'];
    const items = { [request.flow.storage.answersKey]: JSON.stringify(sample?.answers ?? {}) };
    await page.addInitScript((stored: Record<string, string>) => {
      for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
    }, items);
    await page.goto(`http://127.0.0.1:${served.port}${resolveRoute(route, request.flow.settings)}`, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    return await page.screenshot();
  } finally {
    await browser.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
