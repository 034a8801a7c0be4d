/**
 * Slow request bodies are bounded (issue 42): a body that falls below the minimum pace after its
 * grace period, or is not in by the deadline, is answered 408 naming the reason and its connection
 * closed; one client address reads at most its share of bodies at once and may queue only a few
 * more (503 at once beyond), so forty dribbling uploads from one address leave another's upload
 * untouched. Short paces here; the real one is BODY_PACE (README, Security limits).
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../src/tracking/backend-config.ts';
import { createLocalBackend, type LocalBackend } from './local-backend.ts';
import {
  BODY_PACE,
  bodyReadSlots,
  MAX_BODY_READS_PER_ADDRESS,
  MAX_BODY_READS_WAITING_PER_ADDRESS,
  type BodyPace,
} from './request-body.ts';

let server: Server | undefined;
let backend: LocalBackend | undefined;

afterEach(async () => {
  const running = server;
  server = undefined;
  running?.closeAllConnections();
  if (running) await new Promise((done) => running.close(done));
  await backend?.close();
  backend = undefined;
});

/** A local backend whose one function answers with the size of the body it was given. */
async function start(bodyPace?: BodyPace): Promise<number> {
  backend = createLocalBackend({
    functions: { echo: async (request) => Response.json({ bytes: (await request.arrayBuffer()).byteLength }) },
    ...(bodyPace ? { bodyPace } : {}),
  });
  const middleware = backend.middleware;
  server = createServer((req, res) => middleware(req, res, () => res.end('page')));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Upload {
  /** The raw answer, once the server closed the connection or answered in full. */
  answer: Promise<{ text: string; ms: number }>;
  stop(): void;
}

/**
 * A POST to `/functions/v1/echo` declaring `length` bytes, from `from` (a loopback address), whose
 * body is written `bytesPerTick` bytes every `everyMs` until it is complete or the socket closes.
 */
function upload(port: number, from: string, length: number, bytesPerTick: number, everyMs: number): Upload {
  const started = performance.now();
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  let text = '';
  let sent = 0;
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.write(
    `POST /functions/v1/echo HTTP/1.1\r\nHost: x\r\napikey: ${LOCAL_ANON_KEY}\r\n` +
      `content-type: application/octet-stream\r\ncontent-length: ${length}\r\n\r\n`,
  );
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= length) return clearInterval(timer);
    const size = Math.min(bytesPerTick, length - sent);
    socket.write(Buffer.alloc(size, 120));
    sent += size;
  }, everyMs);
  const answer = new Promise<{ text: string; ms: number }>((resolve) => {
    const done = () => {
      clearInterval(timer);
      resolve({ text, ms: performance.now() - started });
    };
    socket.on('data', (chunk: string) => {
      text += chunk;
      // A complete answer is enough (the connection may stay open): a JSON body, chunked or not.
      if (/\}(\r\n0\r\n\r\n)?$/.test(text)) done();
    });
    socket.once('close', done);
  });
  return { answer, stop: () => socket.destroy() };
}

describe('the pace of a request body', () => {
  it('answers a body dribbled below the minimum pace with 408 after the grace period, and closes', async () => {
    const pace: BodyPace = { minBytesPerSecond: 1_000, graceMs: 600, deadlineMs: 5_000 };
    const port = await start(pace);
    const { text, ms } = await upload(port, '127.0.0.1', 10_000, 1, 200).answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toMatch(/connection: close/i);
    expect(text).toContain('"code":"request_too_slow"');
    expect(text).toContain('slower than 1000 bytes per second');
    expect(ms).toBeGreaterThanOrEqual(pace.graceMs);
    expect(ms).toBeLessThan(pace.graceMs + 1_000);
  });

  it('answers a body still arriving at the deadline with 408, whatever its pace', async () => {
    const pace: BodyPace = { minBytesPerSecond: 100, graceMs: 200, deadlineMs: 1_200 };
    const port = await start(pace);
    // 1,000 bytes a second: well above the pace, but 20,000 bytes need 20 s.
    const { text, ms } = await upload(port, '127.0.0.1', 20_000, 100, 100).answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toContain('did not arrive within 1.2 s');
    expect(ms).toBeGreaterThanOrEqual(pace.deadlineMs);
    expect(ms).toBeLessThan(pace.deadlineMs + 1_000);
  });

  it('reads a body that keeps the pace, however long it takes within the deadline', async () => {
    const port = await start({ minBytesPerSecond: 1_000, graceMs: 300, deadlineMs: 5_000 });
    const { text } = await upload(port, '127.0.0.1', 3_000, 200, 100).answer;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toContain('{"bytes":3000}');
  });

  it('ships a pace that cuts a sender of one byte every 2 s within seconds', () => {
    expect(BODY_PACE.graceMs).toBeLessThanOrEqual(5_000);
    expect(BODY_PACE.minBytesPerSecond).toBeGreaterThan(1);
    expect(BODY_PACE.deadlineMs).toBeLessThanOrEqual(30_000);
  });
});

describe('body reads per client address', () => {
  it('lets forty dribbling uploads from one address take only its share, and reads another address at once', async () => {
    const port = await start();
    const slow = Array.from({ length: 40 }, () => upload(port, '127.0.0.2', 100_000, 1, 2_000));
    // The 503s come at once; the reads and the waiting ones stay.
    await new Promise((done) => setTimeout(done, 500));
    const { text, ms } = await upload(port, '127.0.0.1', 50_000, 50_000, 1).answer;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toContain('{"bytes":50000}');
    expect(ms).toBeLessThan(1_000);
    for (const socket of slow) socket.stop();
    const answers = await Promise.all(slow.map((socket) => socket.answer));
    const refused = answers.filter(({ text: answer }) => /^HTTP\/1\.1 503/.test(answer));
    expect(refused).toHaveLength(40 - MAX_BODY_READS_PER_ADDRESS - MAX_BODY_READS_WAITING_PER_ADDRESS);
    expect(refused[0]?.text).toContain('Too many uploads at once from this address');
    expect(refused[0]?.text).toMatch(/retry-after: 5/i);
  });

  it('hands a freed slot to the first waiting address under its share', async () => {
    const run = bodyReadSlots({ slots: 2, maxWaiting: 10, perAddress: 1, maxWaitingPerAddress: 5 });
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (address: string, name: string) =>
      run(address, () => {
        order.push(name);
        return new Promise<void>((done) => releases.push(done));
      });
    const jobs = [job('a', 'a1'), job('a', 'a2'), job('b', 'b1'), job('c', 'c1')];
    await Promise.resolve();
    // a1 and b1 read (a2 waits: a has its share), c1 waits for a slot.
    expect(order).toEqual(['a1', 'b1']);
    releases[1]?.();
    await new Promise((done) => setTimeout(done, 0));
    // b1's slot: a is at its share while a1 reads, so c1, behind a2, gets it.
    expect(order).toEqual(['a1', 'b1', 'c1']);
    releases[0]?.();
    await new Promise((done) => setTimeout(done, 0));
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2']);
    for (const release of releases) release();
    await Promise.all(jobs);
  });
});
