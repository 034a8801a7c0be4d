/**
 * Draft previews: the production build of a draft, served at a token URL a colleague can open on a
 * phone on the same network (when the studio listens with --host). The draft's commit is checked out
 * into a temporary folder (a temporary index and checkout-index: the working tree is never touched;
 * a project holding only flows/ and public/uploads/ gets the app's code from the studio's own
 * folder), then common/draft-preview-worker.ts builds it with Vite's build API and serves it. One
 * build per revision: the same draft bytes are never built twice while the studio runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { flowFilesAt, revisionOf } from './flow-versions.ts';
import { git } from './git.ts';

export interface DraftPreview {
  revision: string;
  commit: string;
  state: 'building' | 'ready' | 'failed';
  /** The last lines of the build's progress (or why it failed). */
  progress: string[];
  /** The token URL, once ready. */
  url?: string;
}

interface Running extends DraftPreview {
  child?: ChildProcess;
  dir: string;
}

/** The app's own files a flows-only project borrows for the build. */
const APP_PARTS = ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json', 'src', 'scripts', 'common', 'supabase', 'schemas'];

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** The address a phone on the same network opens: the listening host, or this machine's LAN address. */
export function reachableHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host;
  for (const list of Object.values(networkInterfaces()))
    for (const address of list ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  return '127.0.0.1';
}

export class DraftPreviews {
  private readonly builds = new Map<string, Running>();

  constructor(private readonly options: { project: string; appRoot: string; host: string }) {}

  /** The preview of `commit`'s flow files: started when new, the running one for a revision built before. */
  async open(commit: string, flowFile: string): Promise<DraftPreview> {
    const revision = revisionOf(await flowFilesAt(this.options.project, commit, flowFile), flowFile);
    if (revision === null) throw new Error(`${flowFile} is not in the draft ${commit.slice(0, 8)}`);
    const known = this.builds.get(revision);
    if (known && known.state !== 'failed') return this.shown(known);
    const dir = mkdtempSync(join(tmpdir(), 'draft-preview-'));
    const running: Running = { revision, commit, state: 'building', progress: ['checking out the draft…'], dir };
    this.builds.set(revision, running);
    void this.start(running, flowFile).catch((error: unknown) => {
      running.state = 'failed';
      running.progress.push(`the build failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return this.shown(running);
  }

  /** The preview of a revision, if one was opened. */
  get(revision: string): DraftPreview | undefined {
    const running = this.builds.get(revision);
    return running ? this.shown(running) : undefined;
  }

  private shown(running: Running): DraftPreview {
    const { revision, commit, state, progress, url } = running;
    return { revision, commit, state, progress: progress.slice(-8), ...(url === undefined ? {} : { url }) };
  }

  private async start(running: Running, flowFile: string): Promise<void> {
    const { dir } = running;
    const index = { GIT_INDEX_FILE: join(dir, '.draft-index') };
    await git(this.options.project, ['read-tree', running.commit], { env: index });
    await git(this.options.project, ['checkout-index', '-a', '-f', `--prefix=${dir}/`], { env: index });
    rmSync(index.GIT_INDEX_FILE, { force: true });
    this.borrowApp(dir);
    const port = await freePort(this.options.host);
    const token = randomBytes(18).toString('base64url');
    const child = spawn(process.execPath, ['--import', 'tsx', join(this.options.appRoot, 'common/draft-preview-worker.ts')], {
      cwd: dir,
      env: {
        ...process.env,
        FLOW: flowFile,
        FUNNEL_DATA_DIR: join(dir, '.data/local-db'),
        DRAFT_PREVIEW_TOKEN: token,
        DRAFT_PREVIEW_HOST: this.options.host,
        DRAFT_PREVIEW_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.child = child;
    const host = reachableHost(this.options.host);
    const line = (chunk: Buffer) => {
      for (const text of chunk.toString('utf8').split(/\r?\n/)) {
        // eslint-disable-next-line no-control-regex -- Vite's colours
        const plain = text.replace(/\x1b\[[0-9;]*m/g, '').trim();
        if (plain === '') continue;
        if (plain === `serving ${port}`) {
          running.state = 'ready';
          running.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/?preview=${token}`;
          running.progress.push('ready');
        } else running.progress.push(plain);
        running.progress.splice(0, Math.max(0, running.progress.length - 40));
      }
    };
    child.stdout.on('data', line);
    child.stderr.on('data', line);
    child.on('exit', (code) => {
      if (running.state !== 'ready') running.state = 'failed';
      running.progress.push(`the preview stopped (exit code ${String(code)})`);
    });
  }

  /** A project of flows/ and public/uploads/ only: the app's code and public files come from appRoot. */
  private borrowApp(dir: string): void {
    const app = this.options.appRoot;
    if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(app, 'node_modules'), join(dir, 'node_modules'), 'dir');
    if (existsSync(join(dir, 'vite.config.ts'))) return;
    for (const part of APP_PARTS) if (existsSync(join(app, part))) cpSync(join(app, part), join(dir, part), { recursive: true });
    mkdirSync(join(dir, 'public'), { recursive: true });
    for (const name of readdirSync(join(app, 'public')))
      if (name !== 'uploads' && !existsSync(join(dir, 'public', name))) cpSync(join(app, 'public', name), join(dir, 'public', name), { recursive: true });
  }

  /** Stops every preview server (each child by its own pid) and removes the checkouts. */
  async close(): Promise<void> {
    const all = [...this.builds.values()];
    this.builds.clear();
    await Promise.all(
      all.map(async ({ child, dir }) => {
        if (child && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((done) => child.once('exit', () => done()));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dir, { recursive: true, force: true });
      }),
    );
  }
}
