/**
 * The studio's port serves only what the studio and its preview need (issue 42, breaks 1, 2 and 8):
 * the visitors' database (.data/), .git, package.json and server/ never leave it without the token,
 * under any spelling of their path (query suffixes, /@fs/, encoded dots, double slashes) and from a
 * page on another localhost port; an uploaded SVG's script never runs from any path it is served
 * from; a malformed path is a 400, a 500 never shows the server's absolute paths, and a link planted
 * in flows/ or public/uploads/ is never followed.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './harness.ts';
import { rawRequest, startStudioHarness, type StudioHarness } from './studio-harness.ts';

const SECRET = `visitor-${randomBytes(8).toString('hex')}@example.com`;
const SECRET_DIR = `.data/studio-allow-list-${randomBytes(4).toString('hex')}`;
const SECRET_FILE = `${SECRET_DIR}/local-db/pg_wal/000000010000000000000001`;
// An uploaded SVG whose script and onload handler mark the document and read the studio's API.
const SVG_NAME = `studio-allow-list-${randomBytes(4).toString('hex')}.svg`;
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="document.documentElement.setAttribute('data-onload','ran')">
<script>document.documentElement.setAttribute('data-script','ran');fetch('/api/flow?file=flows/skin-funnel.json').then(function(){document.documentElement.setAttribute('data-fetch','ran')});</script>
<rect width="10" height="10" fill="red"/></svg>`;

let h: StudioHarness;
let foreign: Server;
let foreignOrigin: string;

/** What each protected file holds that no answer may repeat: a seeded secret, or the real file's words. */
const TARGETS: { path: string; marker: string }[] = [
  { path: `/${SECRET_FILE}`, marker: SECRET },
  { path: '/package.json', marker: 'funnel-engine' },
  { path: '/server/studio-server.ts', marker: 'createViteServer' },
  { path: '/server/studio-guard.ts', marker: 'tokenProblem' },
  // A worktree's .git is a file naming the git folder; a clone's is a folder with HEAD and config.
  ...['.git', '.git/HEAD', '.git/config']
    .filter((file) => {
      try {
        readFileSync(join(repoRoot, file));
        return true;
      } catch {
        return false;
      }
    })
    .map((file) => ({ path: `/${file}`, marker: file === '.git' ? 'gitdir' : file === '.git/HEAD' ? 'refs' : 'repositoryformatversion' })),
];
const SUFFIXES = ['', '?raw', '?import', '?raw&import', '?url', '?inline', '?worker', '?import&url', '?t=1'];
/** Every spelling of `path` Vite or the file system could read as the same file. */
function spellings(path: string): string[] {
  const rest = path.slice(1);
  return [
    path,
    `/@fs${repoRoot}${path}`,
    `/${rest.replace('.', '%2e')}`,
    `/${rest.replace('.', '%2E')}`,
    `/${rest.replace('/', '%2f')}`,
    `/${path}`,
    `/./${rest}`,
    `/src/../${rest}`,
    `/src/%2e%2e/${rest}`,
    `/node_modules/.vite-studio/deps/../../../${rest}`,
    `/@fs${repoRoot}/node_modules/../${rest}`,
    `/src\\..\\${rest}`,
    `/uploads/../../${rest}`,
    `/public/uploads/..%2f..%2f${rest}`,
  ];
}

beforeAll(async () => {
  mkdirSync(join(repoRoot, SECRET_DIR, 'local-db/pg_wal'), { recursive: true });
  writeFileSync(join(repoRoot, SECRET_FILE), `INSERT lead ${SECRET}\n`);
  // The default studio edits the repo itself: an upload lies in the app root's public/uploads too.
  writeFileSync(join(repoRoot, 'public/uploads', SVG_NAME), EVIL_SVG);
  h = await startStudioHarness('flows/skin-funnel.json');
  // A page on another localhost port, as any local web app or dev server is.
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another app</title>');
  });
  await new Promise<void>((ok) => foreign.listen(0, '127.0.0.1', () => ok()));
  const address = foreign.address();
  foreignOrigin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  rmSync(join(repoRoot, SECRET_DIR), { recursive: true, force: true });
  rmSync(join(repoRoot, 'public/uploads', SVG_NAME), { force: true });
  await new Promise((done) => foreign?.close(done));
  await h?.stop();
});

describe('the studio port without the token', () => {
  it('never answers the bytes of .data/, .git, package.json or server/, under any spelling or suffix, with or without a foreign Origin', async () => {
    const leaks: string[] = [];
    let asked = 0;
    for (const { path, marker } of TARGETS)
      for (const spelled of spellings(path))
        for (const suffix of SUFFIXES)
          for (const headers of [{}, { origin: foreignOrigin }, { origin: foreignOrigin, 'sec-fetch-site': 'same-site' }] as Record<string, string>[]) {
            const answer = await rawRequest(h.port, { method: 'GET', path: `${spelled}${suffix}`, headers });
            asked += 1;
            if (answer.body.includes(marker)) leaks.push(`${answer.status} ${spelled}${suffix} ${JSON.stringify(headers)}`);
          }
    expect(asked).toBeGreaterThan(1000);
    expect(leaks).toEqual([]);
  }, 300_000);

  it('refuses them by name (403), and the token holder still reaches the files Vite serves', async () => {
    for (const { path } of TARGETS) {
      const answer = await rawRequest(h.port, { method: 'GET', path: `${path}?raw` });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toContain('not part of the studio');
    }
    // The markers are real: with the token, Vite answers package.json (and still never .data/).
    const withToken = await rawRequest(h.port, { method: 'GET', path: '/package.json?raw', headers: { 'x-studio-token': h.studio.token } });
    expect(withToken.body).toContain('funnel-engine');
    const data = await rawRequest(h.port, { method: 'GET', path: `/${SECRET_FILE}?raw`, headers: { 'x-studio-token': h.studio.token } });
    expect(data.body).not.toContain(SECRET);
  });

  it("refuses Vite's /__ endpoints and a request from another origin even for the studio's own modules", async () => {
    for (const path of ['/__open-in-editor?file=package.json', '/__vite_ping', '/__inspect/']) {
      expect((await rawRequest(h.port, { method: 'GET', path })).status, path).toBe(403);
    }
    const foreignModule = await rawRequest(h.port, { method: 'GET', path: '/src/studio/studio-api.ts', headers: { origin: foreignOrigin } });
    expect(foreignModule.status).toBe(403);
    const ownModule = await rawRequest(h.port, { method: 'GET', path: '/src/studio/studio-api.ts' });
    expect(ownModule.status).toBe(200);
  });

  it('lets a page on another localhost port read nothing from it in Chromium', async () => {
    const page = await h.browser.newPage();
    try {
      await page.goto(`${foreignOrigin}/`);
      const studio = `http://127.0.0.1:${h.port}`;
      const paths = [...TARGETS.flatMap(({ path }) => [path, `${path}?raw`, `${path}?import`]), '/api/flow?file=flows/skin-funnel.json', '/src/studio/studio-api.ts'];
      const read = await page.evaluate(
        async ({ studio, paths }) => {
          const got: string[] = [];
          for (const path of paths) {
            const text = await fetch(`${studio}${path}`).then((r) => r.text(), () => undefined);
            if (text !== undefined) got.push(`${path}: ${text.slice(0, 80)}`);
          }
          return got;
        },
        { studio, paths },
      );
      expect(read).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('an uploaded SVG with a script', () => {
  it('runs no script from any path it is served from', async () => {
    const upload = await rawRequest(h.port, {
      method: 'PUT',
      path: `/api/file?path=public/uploads/${SVG_NAME}`,
      headers: { 'x-studio-token': h.studio.token },
      body: EVIL_SVG,
    });
    expect(upload.status).toBe(200);
    const places = [`/uploads/${SVG_NAME}`, `/public/uploads/${SVG_NAME}`, `/@fs${h.project}/public/uploads/${SVG_NAME}`, `/@fs${repoRoot}/public/uploads/${SVG_NAME}`];
    const page = await h.browser.newPage();
    const ran: string[] = [];
    let shown = 0;
    try {
      for (const place of places)
        for (const suffix of ['', '?raw', '?import', '?url', '?inline', '?t=1', '#x']) {
          const response = await page.goto(`http://127.0.0.1:${h.port}${place}${suffix}`);
          if (response?.status() === 200 && (response.headers()['content-type'] ?? '').includes('svg')) shown += 1;
          await page.waitForTimeout(100);
          const marks = await page.evaluate(() =>
            ['data-onload', 'data-script', 'data-fetch'].filter((name) => document.documentElement?.getAttribute(name) === 'ran'),
          );
          if (marks.length > 0) ran.push(`${place}${suffix}: ${marks.join(', ')}`);
        }
    } finally {
      await page.close();
    }
    // It acts nowhere, and is shown (as an image document) where the studio serves uploads.
    expect(ran).toEqual([]);
    expect(shown).toBe(14);
  }, 120_000);
});

describe('malformed paths and failures', () => {
  it('answers /uploads/%zz with a 400, and a 500 without the absolute path of the project or the app', async () => {
    const malformed = await rawRequest(h.port, { method: 'GET', path: '/uploads/%zz' });
    expect(malformed.status).toBe(400);
    // A folder where the flow file should be: the write fails (EISDIR) on the server.
    mkdirSync(join(h.project, 'flows/folder.json'));
    const failed = await rawRequest(h.port, {
      method: 'PUT',
      path: '/api/file?path=flows/folder.json',
      headers: { 'x-studio-token': h.studio.token },
      body: '{}',
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toContain('flows/folder.json');
    expect(failed.body).not.toContain(h.project);
    expect(failed.body).not.toContain(repoRoot);
    expect(failed.body).not.toMatch(/\/tmp\//);
  });

  it('follows no link planted in flows/ or public/uploads/: refused by name, for reads and writes', async () => {
    const secret = join(repoRoot, SECRET_FILE);
    symlinkSync(secret, join(h.project, 'flows/planted.json'));
    symlinkSync(secret, join(h.project, 'public/uploads/planted.png'));
    const read = await rawRequest(h.port, { method: 'GET', path: '/api/flow?file=flows/planted.json' });
    expect(read.status).toBe(403);
    expect(read.body).toContain('refused: flows/planted.json is a symbolic link');
    expect(read.body).not.toContain(SECRET);
    for (const path of ['/uploads/planted.png', '/public/uploads/planted.png']) {
      const image = await rawRequest(h.port, { method: 'GET', path });
      expect(image.status, path).toBe(404);
      expect(image.body).not.toContain(SECRET);
    }
    const write = await rawRequest(h.port, {
      method: 'PUT',
      path: '/api/file?path=flows/planted.json',
      headers: { 'x-studio-token': h.studio.token },
      body: '{"overwritten": true}',
    });
    expect(write.status).toBe(403);
    expect(write.body).toContain('refused: flows/planted.json is a symbolic link');
    expect(readFileSync(secret, 'utf8')).toContain(SECRET);
  });
});
