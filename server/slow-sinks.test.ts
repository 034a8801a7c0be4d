/**
 * A slow receiver holds nothing but its own deliveries (issue 42). A receiver that trickles its
 * answer a byte a second for 60 s is cut at the request's deadline, by both transports (the local
 * worker's pinned one and the edge function's fetch), whether the status line or only the body
 * trickles; the lead webhook worker, with its real 5 s interval and deadline, delivers each of two
 * leads to the other sink within 10 s of its save meanwhile; and a Conversions API run stops at the
 * first request Meta does not answer in time, leaving the rest for a later run.
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callRpc } from './rpc.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import { pinnedTransport, startLeadWebhookWorker } from './lead-webhook-worker.ts';
import { fetchTransport, WEBHOOK_TIMEOUT_MS, type WebhookTransport } from '../supabase/functions/_shared/lead-webhooks.ts';
import { deliverDueEvents, type MetaEventStore } from '../supabase/functions/_shared/meta-capi.ts';

const servers: (Server | HttpServer)[] = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

interface Trickler {
  url: string;
  /** ms from each connection's open to its close (by the client), in order of closing. */
  closedAfter: number[];
}

/**
 * A receiver that reads the request and answers one byte a second for 60 s: from the status line
 * (`what: 'status'`) or, after the status line and headers at once, in its body (`what: 'body'`).
 */
async function trickler(what: 'status' | 'body'): Promise<Trickler> {
  const closedAfter: number[] = [];
  const body = 'x'.repeat(60);
  const head = `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\n\r\n`;
  const server = createServer((socket) => {
    sockets.add(socket);
    const opened = performance.now();
    socket.on('error', () => undefined);
    socket.once('data', () => {
      let rest = what === 'status' ? head + body : body;
      if (what === 'body') socket.write(head);
      const timer = setInterval(() => {
        if (rest.length === 0) return clearInterval(timer);
        socket.write(rest[0]!);
        rest = rest.slice(1);
      }, 1_000);
      socket.once('close', () => clearInterval(timer));
    });
    socket.once('close', () => closedAfter.push(performance.now() - opened));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/hook`, closedAfter };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T | Error }> {
  const started = performance.now();
  const result = await work().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return { ms: performance.now() - started, result };
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each([
  ['pinned (local worker)', pinnedTransport],
  ['fetch (edge function)', fetchTransport()],
])('the %s transport against a receiver trickling for 60 s', (_name, transport: WebhookTransport) => {
  const send = (url: string) =>
    transport({ url: new URL(url), address: '127.0.0.1', headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 1_500 });

  it('gives up at the deadline when the status line trickles', async () => {
    const sink = await trickler('status');
    const { ms, result } = await timed(() => send(sink.url));
    expect(result).toBeInstanceOf(Error);
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(3_000);
    await wait(200);
    expect(sink.closedAfter).toHaveLength(1);
  });

  it('cuts a body still trickling at the deadline, and keeps the status', async () => {
    const sink = await trickler('body');
    const { ms, result } = await timed(() => send(sink.url));
    expect(result).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(3_000);
    await wait(200);
    expect(sink.closedAfter).toHaveLength(1);
  });
});

describe('the lead webhook worker with one sink trickling for 60 s', () => {
  let db: SqlDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db.exec('delete from funnel_private.lead_webhooks; delete from public.quiz_completions;');
    await db.close();
  });

  it('delivers each lead to the other sink within 10 s of its save', async () => {
    const slow = await trickler('status');
    const arrived = new Map<string, number>();
    const fast: HttpServer = createHttpServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        const { leadId } = JSON.parse(text) as { leadId: string };
        if (!arrived.has(leadId)) arrived.set(leadId, performance.now());
        res.end('ok');
      });
    });
    servers.push(fast);
    await new Promise<void>((done) => fast.listen(0, '127.0.0.1', done));
    const address = fast.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const logged: string[] = [];
    const worker = startLeadWebhookWorker(() => Promise.resolve(db), {
      flows: [{ id: 'skin-funnel', settings: { leadSinks: [{ type: 'webhook', name: 'slow' }, { type: 'webhook', name: 'fast' }] } }],
      // The real interval (5 s) and deadline (5 s): no setting of the worker's is shortened.
      env: {
        LEAD_SINK_SLOW_URL: slow.url,
        LEAD_SINK_SLOW_SECRET: 'whsec-slow-0123456789abcdef',
        LEAD_SINK_FAST_URL: `http://127.0.0.1:${address.port}/hook`,
        LEAD_SINK_FAST_SECRET: 'whsec-fast-0123456789abcdef',
        LEAD_SINKS_ALLOW_LOOPBACK: '1',
      },
      log: (message) => logged.push(message),
    });
    expect(worker).not.toBeNull();
    try {
      const latencies: number[] = [];
      for (const name of ['Ann', 'Bo']) {
        const id = randomUUID();
        const saved = performance.now();
        const response = await callRpc(
          db,
          'save_quiz_completion',
          { id, session_id: randomUUID(), name, email: `${name.toLowerCase()}@example.com`, flow_id: 'skin-funnel' },
          'anon',
          {},
        );
        expect(response.status).toBe(200);
        while (!arrived.has(id) && performance.now() - saved < 12_000) await wait(50);
        latencies.push((arrived.get(id) ?? Infinity) - saved);
      }
      console.info('lead webhooks beside a trickling sink:', JSON.stringify({ latencyMs: latencies.map(Math.round), slowClosedAfterMs: slow.closedAfter.map(Math.round) }));
      for (const ms of latencies) expect(ms).toBeLessThan(10_000);
      // The trickling sink was cut at the 5 s deadline, each time, and it is retried later.
      await wait(WEBHOOK_TIMEOUT_MS + 1_000);
      expect(slow.closedAfter.length).toBeGreaterThanOrEqual(1);
      for (const ms of slow.closedAfter) expect(ms).toBeLessThan(WEBHOOK_TIMEOUT_MS + 1_000);
      expect(logged.some((line) => line.startsWith('Lead webhook slow') && line.includes('no answer in 5 s'))).toBe(true);
    } finally {
      worker?.stop();
    }
  }, 60_000);
});

describe('the Conversions API worker against a Graph API trickling for 60 s', () => {
  it('stops the run at the first request with no answer in time, leaving the rest claimed for later', async () => {
    const graph = await trickler('status');
    const settled: { id: number; status: number; retryAt: Date | null }[] = [];
    const store: MetaEventStore = {
      claim: () =>
        Promise.resolve([1, 2, 3].map((id) => ({ id, attempts: 0, payload: { event_name: 'Lead', event_id: `e${id}` } }))),
      settle: (id, outcome) => {
        settled.push({ id, status: outcome.status, retryAt: outcome.retryAt });
        return Promise.resolve();
      },
    };
    const logged: string[] = [];
    const { ms } = await timed(() =>
      deliverDueEvents({
        store,
        config: {
          pixelId: '123',
          accessToken: 'token',
          graphUrl: graph.url.replace(/\/hook$/, ''),
          retry: { baseMs: 30_000, maxMs: 60_000, maxAttempts: 5 },
        },
        fetch,
        timeoutMs: 1_500,
        log: (message) => logged.push(message),
      }),
    );
    expect(ms).toBeLessThan(3_000);
    expect(settled).toEqual([{ id: 1, status: 0, retryAt: expect.any(Date) as Date }]);
    expect(logged).toContain('Meta Conversions API: 2 more rows wait for a later run');
  });
});
