/**
 * Server figures for `npm run bench`, each against a fresh local server process (bench-serve.ts):
 * analyze-face latency cold (the first analysis of a new server) and warm (p50, p95), the latency of a
 * static file requested while an analysis runs, and RPC throughput.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot, SAMPLE_FACE_PHOTO } from '../tests/e2e/harness.ts';
import { LOCAL_ANON_KEY } from '../src/tracking/backend-config.ts';
import { median } from './bench-lighthouse.ts';

const HEADERS = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`, 'content-type': 'application/json' };

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Starts a server process; resolves with its URL and a stop function. */
async function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/bench-serve.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const photoBody = () =>
  JSON.stringify({
    imageUrl: `data:image/jpeg;base64,${readFileSync(SAMPLE_FACE_PHOTO).toString('base64')}`,
    questionnaireData: { age: 52, skinIssues: ['dryness'], hrt: 'no' },
  });

async function analyze(url: string, body: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/functions/v1/analyze-face`, { method: 'POST', headers: HEADERS, body });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`analyze-face answered ${response.status}`);
  return performance.now() - started;
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

export interface ServerFigures {
  coldMs: number[];
  warmMs: number[];
  /** A static file (index.html) fetched repeatedly while one analysis runs. */
  staticDuringAnalysisMs: number[];
  staticIdleMs: number[];
  rpcPerSecond: number;
  rpcRequests: number;
  rpcFailures: number;
}

export async function measureServer(options: { coldRounds: number; warmRounds: number }): Promise<ServerFigures> {
  const body = photoBody();
  const coldMs: number[] = [];
  for (let i = 0; i < options.coldRounds; i++) {
    const server = await startServer();
    try {
      coldMs.push(await analyze(server.url, body));
    } finally {
      server.stop();
    }
  }
  const server = await startServer();
  try {
    await analyze(server.url, body);
    const warmMs: number[] = [];
    for (let i = 0; i < options.warmRounds; i++) warmMs.push(await analyze(server.url, body));

    const staticIdleMs: number[] = [];
    for (let i = 0; i < 10; i++) staticIdleMs.push(await timed(`${server.url}/`));
    const staticDuringAnalysisMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      let running = true;
      const analysis = analyze(server.url, body).finally(() => {
        running = false;
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      while (running) staticDuringAnalysisMs.push(await timed(`${server.url}/`));
      await analysis;
    }
    return { coldMs, warmMs, staticIdleMs, staticDuringAnalysisMs, ...(await rpcThroughput(server.url)) };
  } finally {
    server.stop();
  }
}

/** track_step_view calls, 8 at a time, for 10 s (the write every screen view makes). */
async function rpcThroughput(url: string): Promise<Pick<ServerFigures, 'rpcPerSecond' | 'rpcRequests' | 'rpcFailures'>> {
  const sessionId = randomUUID();
  const durationMs = 10_000;
  const started = performance.now();
  let requests = 0;
  let failures = 0;
  const worker = async () => {
    while (performance.now() - started < durationMs) {
      const response = await fetch(`${url}/rest/v1/rpc/track_step_view`, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({
          event_id: randomUUID(),
          session_id: sessionId,
          step_name: 'bench_step',
          step_number: 1,
          completed: false,
          user_agent: 'bench',
          referrer: null,
          visited_at: new Date().toISOString(),
        }),
      }).catch(() => null);
      await response?.arrayBuffer();
      requests++;
      if (!response?.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { rpcPerSecond: requests / seconds, rpcRequests: requests, rpcFailures: failures };
}

export { median };
