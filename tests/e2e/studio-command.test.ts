/**
 * `npm run studio` as a marketer runs it: the skin funnel by default, the file FLOW names otherwise
 * (issue 29's "Done when"). The command is started for real, and the studio it prints is asked which
 * flow it opened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './harness.ts';
import { freePort } from '../support/free-port.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  // npm, tsx and the studio: the whole process group, so nothing outlives the test.
  for (const child of running.splice(0)) if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
});

/** Starts `npm run studio` and resolves with the URL it prints. */
async function startStudio(env: Record<string, string | undefined>): Promise<URL> {
  const port = await freePort();
  const child = spawn('npm', ['run', '--silent', 'studio', '--', '--port', String(port)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm run studio printed no URL in 60 s:\n${output}`)),
      60_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Flow Studio: (\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(new URL(match[1]));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm run studio exited with ${code}:\n${output}`)));
  });
}

async function openedFile(url: URL): Promise<string> {
  const response = await fetch(new URL(`/api/session${url.search}`, url));
  expect(response.status).toBe(200);
  return ((await response.json()) as { file: string }).file;
}

describe('npm run studio', () => {
  it('opens the skin funnel by default, on 127.0.0.1, with a token in the URL it prints', async () => {
    const url = await startStudio({ FLOW: undefined });
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.search).toMatch(/token=/);
    expect(await openedFile(url)).toBe('flows/skin-funnel.json');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
  }, 90_000);

  it('opens the flow FLOW names', async () => {
    const url = await startStudio({ FLOW: 'flows/shoe-finder.json' });
    expect(await openedFile(url)).toBe('flows/shoe-finder.json');
  }, 90_000);
});
