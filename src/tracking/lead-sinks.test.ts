// @vitest-environment node
/**
 * The webhook sink against a real local HTTP server: the documented payload arrives, a 503 is retried
 * with the same idempotency key, a success is delivered once, and refusals or unknown URLs are dropped.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackendTracking } from './backend-tracking.ts';
import { createLeadSinks, createWebhookSender, LEAD_SINKS_KEY } from './lead-sinks.ts';
import { createOutbox, type Outbox } from './outbox.ts';

interface Received {
  method: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let url: string;
let received: Received[];
/** Status codes to answer, in order; 200 once they run out. */
let answers: number[];

beforeEach(async () => {
  received = [];
  answers = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', headers: request.headers, body: JSON.parse(body) });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/lead`;
});

const outboxes: Outbox[] = [];
afterEach(async () => {
  outboxes.splice(0).forEach((outbox) => outbox.dispose());
  await new Promise((resolve) => server.close(resolve));
});

const SESSION = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const CAMPAIGN = { utm_source: 'facebook', utm_campaign: 'spring', fbclid: 'IwAR0' };
const ANSWERS = { name: 'Jane', email: 'jane@example.com', age: 48, skinIssues: ['dryness'], changeSpeed: '1-2-years' };

/** The backend tracking with a lead sink hung on it; the backend outbox itself always succeeds. */
function setup(sinkUrls: string[] = [url]) {
  const sinks = sinkUrls.map((sinkUrl) => ({ type: 'webhook' as const, url: sinkUrl }));
  const storage = new Map<string, string>();
  const logs: string[] = [];
  const dropped: string[] = [];
  const sinkOutbox = createOutbox({
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    key: LEAD_SINKS_KEY,
    send: createWebhookSender(sinks),
    baseDelayMs: 20,
    random: () => 0,
    onDrop: (entry, error) => dropped.push(`${entry.id}: ${error instanceof Error ? error.message : String(error)}`),
  });
  const backend = createOutbox({ storage: null, key: 'funnel_outbox', send: async () => undefined });
  outboxes.push(sinkOutbox, backend);
  const tracking = createBackendTracking({
    outbox: backend,
    page: { userAgent: 'UA', referrer: null, campaign: CAMPAIGN },
    log: (message) => logs.push(message),
    onLead: createLeadSinks({
      sinks,
      outbox: sinkOutbox,
      campaign: CAMPAIGN,
      log: (message) => logs.push(message),
      now: () => new Date('2026-11-21T10:00:00.000Z'),
    }),
  });
  const save = () => tracking.saveLead({ sessionId: SESSION, answers: ANSWERS, data: {}, leadId: LEAD });
  return { save, sinkOutbox, logs, dropped, storage };
}

describe('the webhook lead sink', () => {
  it('POSTs the documented payload once', async () => {
    const { save, sinkOutbox } = setup();
    await save();
    await expect.poll(() => received.length).toBe(1);
    await sinkOutbox.flush();
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe(`${LEAD}:0`);
    expect(request?.body).toEqual({
      leadId: LEAD,
      sessionId: SESSION,
      name: 'Jane',
      email: 'jane@example.com',
      answers: ANSWERS,
      utm: CAMPAIGN,
      submittedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(sinkOutbox.pending()).toEqual([]);
  });

  it('retries after a 503 with the same body and key, then stops once delivered', async () => {
    answers = [503];
    const { save, sinkOutbox, logs } = setup();
    await save();
    await expect.poll(() => received.length).toBe(2);
    await expect.poll(() => sinkOutbox.pending().length).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(2);
    expect(received[1]?.body).toEqual(received[0]?.body);
    expect(received[1]?.headers['idempotency-key']).toBe(received[0]?.headers['idempotency-key']);
    expect(logs).toEqual(['Lead webhook 1 not reached yet; it will be retried']);
  });

  it('does not block the lead: the backend save resolves while the webhook is still failing', async () => {
    answers = [503, 503, 503, 503];
    const { save, sinkOutbox } = setup();
    await expect(save()).resolves.toEqual({ id: LEAD });
    expect(sinkOutbox.pending()).toHaveLength(1);
  });

  it('drops a refused delivery (400) without retrying', async () => {
    answers = [400];
    const { save, dropped } = setup();
    await save();
    await expect.poll(() => dropped).toEqual([`${LEAD}:0: Lead webhook answered HTTP 400`]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it('never posts to a URL the flow does not list, even if storage says so', async () => {
    const sender = createWebhookSender([{ type: 'webhook', url }]);
    await expect(
      sender({ id: 'x', fn: 'webhook', args: { url: 'https://evil.example/steal', payload: {} }, attempts: 0, createdAt: 0 }),
    ).rejects.toThrow('names no configured sink');
    expect(received).toEqual([]);
  });

  it('sends each sink its own delivery, and none when no sink is configured', async () => {
    const two = setup([url, `${url}?second`]);
    await two.save();
    await expect.poll(() => received.map((r) => r.headers['idempotency-key']).sort()).toEqual([`${LEAD}:0`, `${LEAD}:1`]);
    received = [];
    const none = setup([]);
    await none.save();
    await none.sinkOutbox.flush();
    expect(received).toEqual([]);
    expect(none.storage.size).toBe(0);
  });
});
