/**
 * Slow and greedy clients are bounded (issue 18): headers dribbled a byte at a time (slowloris) and
 * a body that never finishes are cut off after the configured timeouts, an idle keep-alive socket
 * is closed, one socket carries a bounded number of requests, and one address cannot hold more than
 * its share of connections. Short limits here; the real ones are in HTTP_LIMITS (README, Security).
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyHttpLimits, HTTP_LIMITS, type HttpLimits } from './http-limits.ts';

const LIMITS: HttpLimits = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_000,
  keepAliveTimeoutMs: 400,
  checkIntervalMs: 100,
  maxRequestsPerSocket: 3,
  maxConnectionsPerAddress: 30,
};

let server: Server | undefined;

async function start(limits: HttpLimits): Promise<number> {
  // Answers once the whole body is in, as the backend does.
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'text/plain');
      res.end('ok');
    });
  });
  applyHttpLimits(server, limits);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

interface Watched {
  socket: Socket;
  /** Resolves with ms from open to close. */
  closed: Promise<number>;
  received: () => string;
}

function open(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined); // a reset is a close too
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(performance.now() - started)),
    );
    socket.once('connect', () => resolve({ socket, closed, received: () => text }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function dribble(watched: Watched, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (watched.socket.destroyed || i >= text.length) return clearInterval(timer);
    watched.socket.write(text[i++]!);
  }, everyMs);
  void watched.closed.then(() => clearInterval(timer));
}

async function get(port: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.text();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe('applyHttpLimits', () => {
  it('closes 20 slowloris sockets after the header timeout while other requests are answered', async () => {
    const port = await start(LIMITS);
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open(port)));
    // Headers that would take 10 s to finish, a byte every 50 ms.
    for (const watched of sockets)
      dribble(watched, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200), 50);
    await get(port);
    const lifetimes = await Promise.all(sockets.map((watched) => watched.closed));
    for (const ms of lifetimes) {
      expect(ms).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
      expect(ms).toBeLessThan(LIMITS.headersTimeoutMs + LIMITS.checkIntervalMs + 1_000);
    }
  });

  it('closes a socket that never sends a byte', async () => {
    const port = await start(LIMITS);
    const watched = await open(port);
    const ms = await watched.closed;
    expect(ms).toBeLessThan(LIMITS.headersTimeoutMs + LIMITS.checkIntervalMs + 2_000);
  });

  it('answers a body that never finishes with 408 after the request timeout', async () => {
    const port = await start(LIMITS);
    const watched = await open(port);
    watched.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n');
    dribble(watched, 'x'.repeat(1000), 50);
    const ms = await watched.closed;
    expect(ms).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(ms).toBeLessThan(LIMITS.requestTimeoutMs + LIMITS.checkIntervalMs + 1_000);
    expect(watched.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive socket after the keep-alive timeout', async () => {
    const port = await start(LIMITS);
    const watched = await open(port);
    watched.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const ms = await watched.closed;
    expect(watched.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs - 50);
    // Node 20 keeps an idle socket up to 1 s past keepAliveTimeout (its keep-alive buffer).
    expect(ms).toBeLessThan(LIMITS.keepAliveTimeoutMs + 2_000);
  });

  it('closes a socket after its request limit', async () => {
    const port = await start(LIMITS);
    const watched = await open(port);
    watched.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(4));
    await watched.closed;
    const answers = watched.received().match(/HTTP\/1\.1 \d+/g) ?? [];
    expect(answers.slice(0, 3)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(watched.received()).toMatch(/connection: close/i);
    // Node answers a request past the limit with 503 rather than serving it.
    expect(answers.slice(3).every((line) => line === 'HTTP/1.1 503')).toBe(true);
  });

  it('answers 503 to connections beyond the cap of one address, and serves again once they close', async () => {
    const port = await start(LIMITS);
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => open(port)));
    const extra = await open(port);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 503/);
    for (const watched of held) watched.socket.destroy();
    await Promise.all(held.map((watched) => watched.closed));
    await get(port);
  });

  it('ships limits that bound every wait', () => {
    expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(HTTP_LIMITS.requestTimeoutMs);
    expect(HTTP_LIMITS.requestTimeoutMs).toBeGreaterThan(0);
    expect(HTTP_LIMITS.keepAliveTimeoutMs).toBeGreaterThan(0);
    expect(HTTP_LIMITS.checkIntervalMs).toBeLessThan(HTTP_LIMITS.headersTimeoutMs);
  });
});
