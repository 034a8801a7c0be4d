/**
 * Production parity for the purchases edge function: `deno serve` of supabase/functions/purchases/
 * handler.ts (the `deno` npm package's runtime, offline, the stripe package from node_modules) stores
 * through a stand-in for Supabase's REST API (`POST /rest/v1/rpc/record_purchase` with the service role
 * key, answered by server/rpc.ts as PostgREST would). A Stripe checkout signed with the library's test
 * header helper is stored once, a repeat of the same signed delivery is refused as a replay, a bad
 * signature is refused, and a signed postback is stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRpc } from './rpc.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';

const root = resolve(import.meta.dirname, '..');
const SERVICE_KEY = `service-${randomUUID()}`;
const STRIPE_SECRET = 'whsec_deno_0123456789abcdef';
const POSTBACK_SECRET = 'postback-deno-0123456789abcdef';

let db: SqlDatabase;
let rest: Server;
let deno: ChildProcess | undefined;
let denoDir = '';
let base = '';

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((done, fail) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => done(body));
    req.on('error', fail);
  });

beforeAll(async () => {
  db = await openTestDatabase();
  rest = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const fn = /^\/rest\/v1\/rpc\/(\w+)$/.exec(req.url ?? '')?.[1];
      const authorized = req.headers['apikey'] === SERVICE_KEY && req.headers['authorization'] === `Bearer ${SERVICE_KEY}`;
      if (req.method !== 'POST' || !fn || !authorized) {
        res.writeHead(authorized ? 404 : 401).end();
        return;
      }
      const answer = await callRpc(db, fn, JSON.parse(body), 'service_role');
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body));
    });
  });
  const restBase = await listen(rest);
  const probe = createServer();
  const port = Number(new URL(await listen(probe)).port);
  await new Promise((done) => probe.close(done));
  denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
  const started = spawn(
    join(root, 'node_modules/.bin/deno'),
    ['serve', '--cached-only', '--allow-read', '--allow-env', '--allow-net=127.0.0.1', '--host', '127.0.0.1', '--port', String(port),
      'supabase/functions/purchases/handler.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env['PATH'] ?? '', DENO_DIR: denoDir, NO_COLOR: '1',
        SUPABASE_URL: restBase, SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, PURCHASE_POSTBACK_SECRET: POSTBACK_SECRET,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  deno = started;
  const lines: string[] = [];
  started.stdout?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const since = Date.now();
  while (!lines.join('').includes('Listening on')) {
    if (started.exitCode !== null || Date.now() - since > 60_000) throw new Error(`deno serve purchases did not start:\n${lines.join('')}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  base = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  deno?.kill();
  await new Promise((done) => rest?.close(done));
  if (denoDir) rmSync(denoDir, { recursive: true, force: true });
  await db?.close();
});

describe('the purchases function under deno serve', () => {
  it('stores a signed Stripe checkout once, refuses its replay and a bad signature', async () => {
    const session = randomUUID();
    await callRpc(db, 'track_step_view', { event_id: randomUUID(), session_id: session, step_name: 'age', step_number: 1 }, 'anon');
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
      data: { object: { id: `cs_${randomUUID()}`, amount_total: 3900, currency: 'usd', payment_status: 'paid', client_reference_id: session } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
    const send = (signature: string) =>
      fetch(`${base}/`, { method: 'POST', headers: { 'stripe-signature': signature }, body: payload });
    const first = await send(header);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'stored', kind: 'purchase', matched: true });
    expect((await send(header)).status).toBe(409);
    const bad = await send(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/signature does not match/);
    const { rows } = await db.query<{ amount: number; session: string }>(
      'select amount_minor::integer as amount, session_id::text as session from public.purchases',
    );
    expect(rows).toEqual([{ amount: 3900, session }]);
  });

  it('stores a signed postback, unmatched when no visit is known', async () => {
    const raw = JSON.stringify({ type: 'purchase', order_id: 'o-9', amount: 999, currency: 'GBP' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', POSTBACK_SECRET).update(`${timestamp}.${raw}`).digest('hex');
    const response = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'x-purchase-signature': `sha256=${signature}`, 'x-purchase-timestamp': timestamp, 'idempotency-key': 'o-9' },
      body: raw,
    });
    expect(await response.json()).toEqual({ status: 'stored', kind: 'purchase', matched: false });
  });
});
