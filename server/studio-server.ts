/**
 * The Flow Studio's local HTTP server: the studio app and its preview frame (Vite middleware), the
 * flow files (read, write, pushed to the browser when they change on disk) and image uploads. Every
 * request must name this server's own host and come from its own pages; without the per-run token it
 * serves only what the studio and the preview need (studio-allow.ts), and every write needs the token
 * and may touch only flows/*.json and public/uploads/ (never through a link). The flow logic itself
 * runs in the browser (src/engine).
 */
import { randomBytes } from 'node:crypto';
import { realpathSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { createServer as createViteServer } from 'vite';
import { isLanguageFileName } from '../src/engine/i18n/translation.ts';
import { admit, SVG_POLICY, withoutLocalPaths } from './studio-allow.ts';
import { allowedHosts, crossOriginProblem, hostProblem, readableFlow, tokenProblem, writablePath } from './studio-guard.ts';
import { readPlain, RefusedPath, writePlain } from './plain-file.ts';
import { studioReport } from './studio-report.ts';
import { serveUpload } from './studio-uploads.ts';
import { studioViteConfig } from './studio-vite.ts';
import { versionsApi } from './studio-versions.ts';

export interface StudioOptions {
  /** The repo the studio's code is served from. */
  appRoot: string;
  /** The project whose flows/ and public/uploads/ it reads and writes (the repo itself by default). */
  project: string;
  /** The flow opened first, relative to `project`. */
  flowFile: string;
  port: number;
  /** The interface to listen on (127.0.0.1 unless --host). */
  host: string;
  /** The per-run token (random when not given). */
  token?: string;
  /** The local database the report overlay reads (a snapshot of it): `project`/.data/local-db by default. */
  dataDir?: string;
  /** The branch Publish commits to (`main` by default). */
  branch?: string;
  /** The remote Publish pushes to (default: the branch's remote, origin, or the only one). */
  remote?: string;
  /** The author of publishes, "Name <email>" (git's config by default). */
  author?: string;
}

export interface RunningStudio {
  url: string;
  token: string;
  close: () => Promise<void>;
}

const MAX_BODY = 8 * 1024 * 1024;

/** Starts the studio; resolves once it listens. */
export async function startStudio(options: StudioOptions): Promise<RunningStudio> {
  const token = options.token ?? randomBytes(18).toString('base64url');
  const project = resolve(options.project);
  const dataDir = resolve(project, options.dataDir ?? '.data/local-db');
  const hosts = allowedHosts(options.port, options.host === '127.0.0.1' ? undefined : options.host);
  const events = new Set<ServerResponse>();
  const watcher = watchFlows(project, (file, text) => {
    const data = `data: ${JSON.stringify({ file, text })}\n\n`;
    for (const client of events) client.write(data);
  });

  const versions = versionsApi({
    project,
    appRoot: options.appRoot,
    host: options.host,
    dataDir,
    branch: options.branch ?? 'main',
    remote: options.remote,
    author: options.author,
  });

  const page = async (res: ServerResponse, url: string, html: string) => {
    const source = await readFile(join(options.appRoot, 'src/studio', html), 'utf8');
    send(res, 200, await dev.transformIndexHtml(url, source), 'text/html; charset=utf-8');
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const path = url.pathname;
    if (req.method === 'GET' && path === '/api/session') {
      return json(res, 200, {
        file: options.flowFile,
        // A flow's language files (flows/<flow>.<language>.json) are not flows of their own.
        flows: await listFiles(project, 'flows', (name) => name.endsWith('.json') && !isLanguageFileName(name)),
        uploads: await listFiles(project, 'public/uploads', (name) => /\.(png|jpe?g|webp|gif|svg|avif)$/.test(name)),
      });
    }
    if (req.method === 'GET' && path === '/api/flow') {
      const checked = readableFlow(project, url.searchParams.get('file') ?? '');
      if (!checked.ok) return json(res, 400, { error: checked.message });
      const text = await readPlain(checked.absolute, checked.file).catch((cause: unknown) => (cause instanceof RefusedPath ? cause : undefined));
      if (text instanceof RefusedPath) return json(res, 403, { error: text.message });
      if (text === undefined) return json(res, 404, { error: `no flow file "${checked.file}"` });
      return send(res, 200, text, 'application/json; charset=utf-8');
    }
    if (req.method === 'GET' && path === '/api/report') {
      // Read-only, but it reads the visitors' database: the token is asked as for a write.
      const tokenIssue = tokenProblem(header(req, 'x-studio-token'), token);
      if (tokenIssue) return json(res, 403, { error: tokenIssue });
      const checked = readableFlow(project, url.searchParams.get('file') ?? '');
      if (!checked.ok) return json(res, 400, { error: checked.message });
      const text = await readPlain(checked.absolute, checked.file).catch((cause: unknown) => (cause instanceof RefusedPath ? cause : undefined));
      if (text instanceof RefusedPath) return json(res, 403, { error: text.message });
      if (text === undefined) return json(res, 404, { error: `no flow file "${checked.file}"` });
      return json(res, 200, await studioReport(text, checked.file, dataDir, project));
    }
    if (req.method === 'GET' && path === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': studio events\n\n');
      events.add(res);
      req.on('close', () => events.delete(res));
      return;
    }
    if (req.method === 'PUT' && path === '/api/file') {
      const tokenIssue = tokenProblem(header(req, 'x-studio-token'), token);
      if (tokenIssue) return json(res, 403, { error: tokenIssue });
      const checked = writablePath(project, url.searchParams.get('path') ?? '');
      if (!checked.ok) return json(res, 403, { error: checked.message });
      const body = await readBody(req);
      if (body === undefined) return json(res, 413, { error: `the body is over ${MAX_BODY} bytes` });
      await mkdir(resolve(checked.absolute, '..'), { recursive: true });
      // A link planted in flows/ or public/uploads/ is refused by name, never written through.
      const refused = await writePlain(checked.absolute, checked.file, body).then(
        () => undefined,
        (cause: unknown) => {
          if (cause instanceof RefusedPath) return cause;
          throw cause;
        },
      );
      if (refused) return json(res, 403, { error: refused.message });
      return json(res, 200, { ok: true, file: checked.file });
    }
    if (versions.has(req.method, path)) {
      // History, publish, restore and drafts: git and the visitors' figures, all behind the token.
      const tokenIssue = tokenProblem(header(req, 'x-studio-token'), token);
      if (tokenIssue) return json(res, 403, { error: tokenIssue });
      return versions.handle(req, url, (status, value) => json(res, status, value));
    }
    return json(res, 404, { error: `no studio API ${req.method ?? ''} ${path}` });
  };

  // A 500 names what failed, never where this machine keeps the project or the app.
  const roots = [project, options.appRoot, realpathSync(project), realpathSync(options.appRoot)];
  const hidden = [dataDir, tmpdir(), homedir()];
  const server = createHttpServer((req, res) => {
    const problem = hostProblem(header(req, 'host'), hosts) ?? crossOriginProblem(req.headers, hosts, req.url ?? '/');
    if (problem) return json(res, 403, { error: problem });
    const admitted = admit(req.method ?? 'GET', req.url ?? '/', options.appRoot);
    if (admitted.kind === 'bad') return json(res, 400, { error: admitted.message });
    if (admitted.kind === 'token') {
      const tokenIssue = tokenProblem(header(req, 'x-studio-token'), token);
      if (tokenIssue) return json(res, 403, { error: `${admitted.path} is not part of the studio: ${tokenIssue}` });
    }
    const path = admitted.path;
    const url = new URL(req.url ?? '/', 'http://studio.invalid');
    const fail = (error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const message = error instanceof Error ? error.message : String(error);
      json(res, 500, { error: withoutLocalPaths(message, roots, hidden) });
    };
    if (path.startsWith('/api/')) return void api(req, res, url).catch(fail);
    // The project's uploads (a --project folder's too), as the funnel serves public/; under either name.
    if (path.startsWith('/uploads/') || path.startsWith('/public/uploads/'))
      return void serveUpload(project, url.pathname, res).catch(fail);
    if (path === '/' || path === '/index.html') return void page(res, path, 'index.html').catch(fail);
    if (path === '/preview' || path.startsWith('/preview/')) return void page(res, path, 'preview.html').catch(fail);
    // Any other SVG (a module's, or the token holder's) runs no script either, whatever Vite makes of it.
    if (path.toLowerCase().endsWith('.svg')) res.setHeader('content-security-policy', SVG_POLICY);
    // (The server listens only once `dev` exists, below.)
    dev.middlewares(req, res, (error?: unknown) => (error ? fail(error) : json(res, 404, { error: `not found: ${path}` })));
  });
  // Vite's client socket (an upgrade, not a request) gets the same Host and origin checks.
  server.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (hostProblem(header(req, 'host'), hosts) ?? crossOriginProblem(req.headers, hosts, req.url ?? '/')) socket.destroy();
  });
  const dev = await createViteServer(studioViteConfig(options.appRoot, join(project, options.flowFile), server));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => ok());
  });
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    token,
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${options.port}/?token=${token}`,
    close: async () => {
      watcher?.close();
      await versions.close();
      for (const client of events) client.end();
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await dev.close();
    },
  };
}

/** Calls `changed` with a flow file's new text when it changes on disk (debounced per file). */
function watchFlows(project: string, changed: (file: string, text: string) => void): FSWatcher | undefined {
  const timers = new Map<string, NodeJS.Timeout>();
  try {
    return watch(join(project, 'flows'), (_event, name) => {
      if (name === null || !name.endsWith('.json')) return;
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => {
          readFile(join(project, 'flows', name), 'utf8').then(
            (text) => changed(`flows/${name}`, text),
            () => undefined,
          );
        }, 40),
      );
    });
  } catch {
    return undefined;
  }
}

async function listFiles(project: string, folder: string, wanted: (name: string) => boolean): Promise<string[]> {
  const names = await readdir(join(project, folder)).catch(() => []);
  return names.filter(wanted).sort().map((name) => `${folder}/${name}`);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => ok(size > MAX_BODY ? undefined : Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}
