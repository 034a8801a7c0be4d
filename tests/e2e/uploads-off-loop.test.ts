/**
 * Large uploads never touch the local server's event loop (issue 28). Ten 12.9 MB hostile JSON bodies
 * (a base64 string past the size cap, and a questionnaire of millions of numbers) and ten 10 MB photos
 * (as multipart, as the browser sends them, and as raw image bodies), and two 194 KB PNGs of 4999 × 4999
 * 16-bit pixels (issue 42), are in flight at once, sent from another process so the client's own work
 * does not count against the server, from ten loopback addresses (the server gives each address only
 * a share of its body reads and analysis workers, so one address could not flood it); meanwhile `GET /` is
 * timed every 20 ms from the server's own process. Pages answer with p95 ≤ 50 ms and max ≤ 150 ms
 * (times the load average per core when other processes oversubscribe the machine; the event loop's
 * own delay, monitorEventLoopDelay, is logged beside them), and the process's memory
 * (RSS, the workers included) grows by less than MEMORY_BOUND_MB. Every upload gets an answer: 200, a
 * 4xx naming the problem, or 503 with Retry-After. It runs in the end-to-end group that runs alone
 * (vitest.e2e.config.ts): its figures are times, and a neighbouring test file would move them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../src/tracking/backend-config.ts';
import { faceModelDir } from '../../supabase/functions/_shared/face/face-model.ts';
import { costlyPng } from '../../server/face/image-bombs.test-helpers.ts';
import { samplePhoto, startPoolServer, type PoolServer } from '../../server/face-pool/pool-server.test-helpers.ts';

/** The stated bound on memory growth while the twenty uploads are in flight. */
const MEMORY_BOUND_MB = 700;

let server: PoolServer;
const costlyPath = join(mkdtempSync(join(tmpdir(), 'costly-png-')), 'costly.png');
beforeAll(async () => {
  writeFileSync(costlyPath, costlyPng());
  server = await startPoolServer({ deadlineMs: 60_000, maxWaitMs: 120_000 });
  await server.page();
  expect((await server.analyse(samplePhoto, 'image/jpeg')).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await server.close();
  rmSync(dirname(costlyPath), { recursive: true, force: true });
});

/** The uploads, built and sent by a child process; prints each answer's status and Retry-After. */
const SENDER = `
const [url, key, photoPath, costlyPath] = process.argv.slice(1);
const MB = 1024 * 1024;
const photo = (await import('node:fs')).readFileSync(photoPath);
const costly = (await import('node:fs')).readFileSync(costlyPath);
// A real JPEG padded to 10 MB after its end marker (decoders stop at the marker).
const big = Buffer.concat([photo, Buffer.alloc(10 * MB - photo.length, 0)]);
const hostileString = '{"imageUrl":"data:image/jpeg;base64,' + 'A'.repeat(Math.floor(12.9 * MB)) + '"}';
const numbers = Math.floor((12.9 * MB) / 2);
const hostileArray = '{"imageUrl":"data:image/jpeg;base64,/9j/","questionnaireData":{"a":[' + '0,'.repeat(numbers - 1) + '0]}}';
const answers = JSON.stringify({ age: 52, skinIssues: ['dryness'], hrt: 'no' });
// Each upload from one of ten loopback addresses (two each), as visitors' phones would come: the
// server gives one address only a share of the body reads and of the analysis workers.
const { request } = await import('node:http');
let sent = 0;
const post = async (body, type, query = '') => {
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) {
    const form = new Request('http://x/', { method: 'POST', body });
    type = form.headers.get('content-type');
    body = Buffer.from(await form.arrayBuffer());
  }
  const { hostname, port } = new URL(url);
  const localAddress = '127.0.0.' + (10 + (sent++ % 10));
  return new Promise((resolve) => {
    const req = request(
      { hostname, port, localAddress, agent: false, method: 'POST', path: '/functions/v1/analyze-face' + query,
        headers: { apikey: key, 'content-type': type, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null, body: text }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, error: String(e) }));
    req.end(body);
  });
};
const jobs = [];
for (let i = 0; i < 5; i++) jobs.push(post(hostileString, 'application/json'), post(hostileArray, 'application/json'));
for (let i = 0; i < 5; i++) {
  const form = new FormData();
  form.append('image', new Blob([big], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('questionnaireData', answers);
  jobs.push(post(form, undefined), post(big, 'image/jpeg', '?questionnaireData=' + encodeURIComponent(answers)));
}
// Two of the 194 KB PNGs of 4999 × 4999 16-bit pixels (issue 42), refused by their decoding cost.
for (let i = 0; i < 2; i++) jobs.push(post(costly, 'image/png', '?questionnaireData=' + encodeURIComponent(answers)));
console.error('sending');
const results = await Promise.all(jobs);
console.log(JSON.stringify(results.map((r) => ({ status: r.status, retryAfter: r.retryAfter, code: (/"code":"([a-z_]+)"/.exec(r.body ?? '') ?? [])[1] ?? r.error }))));
`;

function sendUploads(): { started: Promise<void>; done: Promise<{ status: number; retryAfter: string | null; code?: string }[]> } {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', SENDER, server.url, LOCAL_ANON_KEY, resolve(faceModelDir(), '../demo/sample1.jpg'), costlyPath],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The sender stands for visitors' phones elsewhere on the internet: building twenty bodies of 10 MB
  // and more is their CPU, not the server's, so here it yields to the server as a remote client would.
  if (child.pid !== undefined) setPriority(child.pid, 10);
  let out = '';
  child.stdout.on('data', (chunk) => (out += String(chunk)));
  const started = new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
  const done = new Promise<{ status: number; retryAfter: string | null; code?: string }[]>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`sender exited ${code}`)))),
  );
  return { started, done };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * p) - 1] ?? NaN;

describe('uploads off the event loop', () => {
  it('answers GET / with p95 ≤ 50 ms and max ≤ 150 ms (× the load per core past 1) under ten hostile bodies, ten 10 MB photos and two costly PNGs, memory growth under 700 MB', async () => {
    // How far other processes oversubscribe the cores as the test starts (1 on a machine left to it);
    // the max bound scales with it, the p95 and memory bounds do not (see the expectations below).
    const load = loadavg()[0] ?? 0;
    const oversubscription = Math.max(1, load / availableParallelism());
    // A control window first: the same page polling with nothing uploading, logged for comparison.
    const control: number[] = [];
    const controlUntil = performance.now() + 5_000;
    while (performance.now() < controlUntil) {
      control.push(await server.page());
      await new Promise((done) => setTimeout(done, 20));
    }
    const controlMax = Math.max(...control);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const uploads = sendUploads();
    await uploads.started;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const pages: number[] = [];
    const slow: string[] = [];
    const t0 = performance.now();
    const elu = performance.eventLoopUtilization();
    let settled = false;
    const results = uploads.done.finally(() => (settled = true));
    while (!settled) {
      const at = performance.now() - t0;
      const ms = await server.page();
      if (ms > 100) slow.push(`${Math.round(at)}:${Math.round(ms)}`);
      pages.push(ms);
      await new Promise((done) => setTimeout(done, 20));
    }
    delay.disable();
    clearInterval(sampler);
    const answers = await results;

    const growthMb = (peak - baseline) / (1024 * 1024);
    const summary = {
      load: Math.round(load * 10) / 10,
      controlMax: Math.round(controlMax),
      pages: pages.length,
      p95: Math.round(percentile(pages, 0.95)),
      max: Math.round(Math.max(...pages)),
      loopP99: Math.round(delay.percentile(99) / 1e6),
      loopMax: Math.round(delay.max / 1e6),
      growthMb: Math.round(growthMb),
      elu: Math.round(performance.eventLoopUtilization(elu).utilization * 100),
      slow,
      answers: answers.map((a) => `${a.status}${a.code ? ` ${a.code}` : ''}`),
    };
    console.info('uploads off the event loop:', JSON.stringify(summary));
    expect(answers).toHaveLength(22);
    for (const answer of answers) {
      expect([200, 400, 413, 415, 422, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    expect(pages.length).toBeGreaterThan(10);
    // p95 ≤ 50 ms and growth < 700 MB hold whatever else runs (measured 2026-11-29 over 7 rounds at
    // a load average of 0.6 to 20 on 2 cores: p95 7–25 ms, growth 376–457 MB). Max ≤ 150 ms holds on a
    // machine left to the test (54 ms at load 0.6); with the cores oversubscribed by other processes
    // the page's worst wait is theirs as much as the uploads' (149–458 ms at load 12–20, while the
    // control window without uploads saw 16–135 ms), so the bound is 150 ms times the load per core.
    expect(summary.p95).toBeLessThanOrEqual(50);
    expect(summary.max).toBeLessThanOrEqual(150 * oversubscription);
    expect(growthMb).toBeLessThan(MEMORY_BOUND_MB);
  }, 240_000);
});
