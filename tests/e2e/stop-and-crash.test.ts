/**
 * `npm start` stopping and crashing (issue 28), through `npm run preview` (npm start without the build)
 * on its own port and database folder:
 * - SIGTERM to the npm process: the server stops within 5 s, the port is free, no process of the group
 *   is left, and the database was shut down cleanly (pg_control says "shut down") with every row there.
 * - SIGKILL of the whole group during a 50-concurrency write load: restarted on the same folder, the
 *   database opens without error and holds every write the server acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** Whether something can listen on `port` now (nothing holds it). */
async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
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

function start(port: number, dataDir: string) {
  const child = spawn('npm', ['run', 'preview', '--', '--port', String(port)], {
    cwd: repoRoot,
    env: { ...process.env, FUNNEL_DATA_DIR: dataDir, PORT: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

async function waitForServer(port: number, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      // An RPC, not a page: the database is open (and migrated) once this answers.
      if ((await view(port, randomUUID())) === 204) return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

const SESSION = randomUUID();

/** One acknowledged-or-not write: a step view with its own event id; resolves with the status. */
async function view(port: number, eventId: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/rest/v1/rpc/track_step_view`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ event_id: eventId, session_id: SESSION, step_name: 'crash_test', step_number: 1 }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function storedViews(dataDir: string): Promise<Set<string>> {
  const db = await openDatabase({ dataDir });
  try {
    const { rows } = await db.query<{ event_id: string }>(
      'select event_id::text from public.quiz_step_tracking where session_id = $1',
      [SESSION],
    );
    return new Set(rows.map((row) => row.event_id));
  } finally {
    await db.close();
  }
}

describe('npm start stops cleanly', () => {
  it('on SIGTERM to npm: exits within 5 s, frees the port, leaves no process, closes the database', { timeout: 120_000 }, async () => {
    const [port, dataDir] = [await freePort(), mkdtempSync(join(tmpdir(), 'funnel-stop-'))];
    folders.push(dataDir);
    const server = start(port, dataDir);
    await waitForServer(port);
    const written = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of written) expect(await view(port, id)).toBe(204);
    const pid = server.child.pid ?? 0;
    const signalled = performance.now();
    // The npm process only, as a supervisor (systemd, a container runtime) sends it.
    server.child.kill('SIGTERM');
    const code = await server.exited;
    while (groupAlive(pid) && performance.now() - signalled < 6_000)
      await new Promise((done) => setTimeout(done, 50));
    const stoppedIn = performance.now() - signalled;
    expect({ stoppedIn: stoppedIn < 5_000, groupAlive: groupAlive(pid), output: server.output() }).toMatchObject({
      stoppedIn: true,
      groupAlive: false,
    });
    // npm reports a child stopped by SIGTERM as 128 + 15, whatever the child's own clean exit.
    expect([0, 143, null]).toContain(code);
    expect(await portIsFree(port)).toBe(true);
    expect(clusterState(dataDir)).toBe('shut down');
    const stored = await storedViews(dataDir);
    expect(written.filter((id) => !stored.has(id))).toEqual([]);
  });
});

describe('a hard crash', () => {
  it('SIGKILL under 50 concurrent writers: the restarted database opens and holds every acknowledged write', async () => {
    const [port, dataDir] = [await freePort(), mkdtempSync(join(tmpdir(), 'funnel-crash-'))];
    folders.push(dataDir);
    const server = start(port, dataDir);
    await waitForServer(port);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const id = randomUUID();
        try {
          if ((await view(port, id)) === 204) acknowledged.push(id);
        } catch {
          // The connection died with the server: this write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 50 }, writer);
    // Kill once the load is well under way (at least 300 writes acknowledged, or 15 s).
    const until = Date.now() + 15_000;
    while (acknowledged.length < 300 && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
    const pid = server.child.pid ?? 0;
    process.kill(-pid, 'SIGKILL');
    killed = true;
    await server.exited;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(clusterState(dataDir)).not.toBe('shut down');

    // Restarted on the same folder, the server opens the database (crash recovery) and serves.
    const again = start(port, dataDir);
    await waitForServer(port);
    again.child.kill('SIGTERM');
    await again.exited;
    const stored = await storedViews(dataDir);
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect({ acknowledged: acknowledged.length, lost }).toEqual({ acknowledged: acknowledged.length, lost: [] });
  }, 240_000);
});
