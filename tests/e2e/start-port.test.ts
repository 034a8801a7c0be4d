/**
 * `npm start` on another port: `PORT=… npm start` and `npm start -- --port …` serve the funnel there
 * (checked through `npm run preview`, which is `npm start` without the build, so the test doesn't
 * rebuild dist/ under the other end-to-end tests). A port in use is a clear error, not another port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './harness.ts';
import { freePort } from '../support/free-port.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  // npm, tsx and node run in one process group of their own; stop all of it.
  for (const child of running.splice(0))
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
});

/** Runs `npm run preview` with these arguments and environment; resolves with its output when it exits or serves. */
function npmPreview(args: string[], env: Record<string, string> = {}) {
  const child = spawn('npm', ['run', 'preview', ...(args.length ? ['--', ...args] : [])], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // Vite colours the port when CI is set (picocolors turns colour on for CI): compare the plain text.
  // eslint-disable-next-line no-control-regex
  return { child, output: () => output.replace(/\u001b\[[0-9;]*m/g, ''), exited };
}

async function waitForPage(port: number, timeoutMs = 30_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://localhost:${port}/`, { headers: { accept: 'text/html' } });
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

describe('npm start on another port', () => {
  it('serves the funnel on PORT', async () => {
    const port = await freePort();
    const run = npmPreview([], { PORT: String(port) });
    const page = await waitForPage(port);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect(run.output()).toContain(`:${port}/`);
  });

  it('serves the funnel on --port passed after --', async () => {
    const port = await freePort();
    const run = npmPreview(['--port', String(port)], { PORT: '' });
    const page = await waitForPage(port);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(run.output()).toContain(`:${port}/`);
  });

  it('says so and exits when the port is taken, instead of moving to another', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, done));
    const address = blocker.address();
    const port = address !== null && typeof address !== 'string' ? address.port : 0;
    try {
      const run = npmPreview(['--port', String(port)]);
      expect(await run.exited).not.toBe(0);
      expect(run.output()).toMatch(new RegExp(`can't serve on port ${port}`));
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });

  it('refuses a port that is not a number', async () => {
    const run = npmPreview(['--port', 'http']);
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('--port must be a whole number from 1 to 65535, not "http"');
  });
});
