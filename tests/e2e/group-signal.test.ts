/**
 * Ctrl-C in a terminal (issue 42, break 6): the terminal signals the whole process group, so npm and
 * the server both hear SIGINT, and npm relays it to the server a second time. `npm run preview` (npm
 * start without the build: the same server entry) on its own port and database folder gets SIGINT —
 * and, in the second test, SIGTERM — sent to its group; it must exit with the database shut down
 * cleanly (pg_control "shut down", not "shutting down" or "in production") and every write kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/database.ts';
import { LOCAL_ANON_KEY } from '../../src/tracking/backend-config.ts';
import { repoRoot } from './harness.ts';
import { freePort } from '../support/free-port.ts';
import { clusterState } from '../support/cluster-state.ts';

const running: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Script = 'preview' | 'dev';

function start(script: Script, port: number, dataDir: string) {
  const extra = script === 'dev' ? ['--strictPort'] : [];
  const child = spawn('npm', ['run', script, '--', '--port', String(port), ...extra], {
    cwd: repoRoot,
    env: { ...process.env, FUNNEL_DATA_DIR: dataDir, PORT: '' },
    // Its own process group, as a terminal gives the command it runs.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, exited, output: () => output };
}

async function rpc(port: number, name: string, args: Record<string, unknown>): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  await response.arrayBuffer();
  return response.status;
}

async function waitForServer(port: number, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      // An RPC, not a page: the database is open (and migrated) once this answers.
      const args = { event_id: randomUUID(), session_id: randomUUID(), step_name: 'signal_test', step_number: 1 };
      if ((await rpc(port, 'track_step_view', args)) === 204) return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Whether any process of the group `pid` leads is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopsCleanlyOn(signal: 'SIGINT' | 'SIGTERM', script: Script = 'preview'): Promise<void> {
  const [port, dataDir] = [await freePort(), mkdtempSync(join(tmpdir(), 'funnel-group-signal-'))];
  folders.push(dataDir);
  const server = start(script, port, dataDir);
  await waitForServer(port);
  const session = randomUUID();
  const lead = { id: randomUUID(), session_id: session, name: 'Signal', email: 'signal@example.com' };
  expect(await rpc(port, 'save_quiz_completion', lead)).toBe(200);
  const pid = server.child.pid ?? 0;
  const signalled = performance.now();
  // The whole group, as Ctrl-C in a terminal (SIGINT) or `kill -- -<pgid>` (SIGTERM) sends it.
  process.kill(-pid, signal);
  await server.exited;
  while (groupAlive(pid) && performance.now() - signalled < 6_000) await new Promise((done) => setTimeout(done, 50));
  expect({ groupAlive: groupAlive(pid), output: server.output() }).toMatchObject({ groupAlive: false });
  expect({ state: clusterState(dataDir), output: server.output() }).toMatchObject({ state: 'shut down' });
  const db = await openDatabase({ dataDir });
  try {
    const { rows } = await db.query('select id from public.quiz_completions where session_id = $1', [session]);
    expect(rows).toEqual([{ id: lead.id }]);
  } finally {
    await db.close();
  }
}

describe('a signal to the whole process group', () => {
  it('SIGINT to the process group (Ctrl-C): pg_control says "shut down" and the lead is kept', { timeout: 120_000 }, () =>
    stopsCleanlyOn('SIGINT'));

  it('SIGTERM to the process group: pg_control says "shut down" and the lead is kept', { timeout: 120_000 }, () =>
    stopsCleanlyOn('SIGTERM'));

  it('SIGINT to the process group of npm run dev (Ctrl-C): pg_control says "shut down" and the lead is kept', { timeout: 120_000 }, () =>
    stopsCleanlyOn('SIGINT', 'dev'));
});
