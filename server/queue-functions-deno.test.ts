/**
 * Production parity (issue 31): the meta-capi and lead-webhooks edge functions run under Deno (`deno
 * serve` of their handler.ts, the runtime of the `deno` npm package, offline) and deliver what the local
 * server's workers deliver for the same queued rows. Two fresh databases get the same leads (each queues
 * a Conversions API event and a lead webhook job); Deno works database A through a stand-in for
 * Supabase's REST API (`POST /rest/v1/rpc/<fn>` with the service role key, answered by server/rpc.ts as
 * PostgREST would), the local workers' code works database B directly. One local receiver stands in for
 * Meta's Graph API and two webhook sinks: `crm` is down for the first pass, `sheet` always fails. Both
 * sides then send the same requests (payload, Idempotency-Key, a valid signature), answer the same
 * delivery reports, and leave the same queue rows: delivered, retried, dead-lettered.
 *
 * Runs on real PostgreSQL only (vitest.postgres.config.ts; the unit config leaves it out): its flow file
 * goes into supabase/functions/_flow/, which the unit stage's analyze-face Deno test rewrites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueEvents, metaCapiConfig } from '../supabase/functions/_shared/meta-capi.ts';
import {
  deliverDueLeads,
  flowLeadSinks,
  leadWebhooksConfig,
} from '../supabase/functions/_shared/lead-webhooks.ts';
import { pgliteMetaStore } from './meta-worker.ts';
import { pinnedTransport, resolveAll, sqlLeadWebhookStore } from './lead-webhook-worker.ts';
import { callRpc } from './rpc.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';

const root = resolve(import.meta.dirname, '..');
const SERVICE_KEY = `service-${randomUUID()}`;
const TOKEN = 'EAAtesttoken-0123456789-secret';
const SECRETS = { crm: 'crm-secret-0123456789abcdef', sheet: 'sheet-secret-0123456789abcdef' };
const FLOW_ID = `deno-queue-${randomUUID().slice(0, 8)}`;
const FLOW_FILE = `${FLOW_ID}.json`;
const flow = {
  id: FLOW_ID,
  settings: {
    leadSinks: [
      { type: 'webhook', name: 'crm' },
      { type: 'webhook', name: 'sheet' },
    ],
  },
};

interface Received {
  side: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let dbDeno: SqlDatabase;
let dbLocal: SqlDatabase;
let rest: Server;
let receiver: Server;
/** Meta's stand-in and the crm sink answer 503 while this holds. */
let down = true;
const received: Received[] = [];
const started: ChildProcess[] = [];
const output: string[] = [];
let denoDir = '';
let receiverBase = '';
let restBase = '';

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

/** The environment both sides read: the receiver's address under `/<side>/`. */
function envFor(side: 'deno' | 'local'): Record<string, string> {
  return {
    META_PIXEL_ID: '1234567890',
    META_ACCESS_TOKEN: TOKEN,
    META_GRAPH_URL: `${receiverBase}/${side}/meta`,
    META_RETRY_BASE_MS: '1',
    META_RETRY_MAX_MS: '1',
    META_RETRY_MAX_ATTEMPTS: '2',
    LEAD_SINK_CRM_URL: `${receiverBase}/${side}/crm`,
    LEAD_SINK_CRM_SECRET: SECRETS.crm,
    LEAD_SINK_SHEET_URL: `${receiverBase}/${side}/sheet`,
    LEAD_SINK_SHEET_SECRET: SECRETS.sheet,
    LEAD_SINK_RETRY_BASE_MS: '1',
    LEAD_SINK_RETRY_MAX_MS: '1',
    LEAD_SINK_RETRY_MAX_ATTEMPTS: '2',
    LEAD_SINKS_ALLOW_LOOPBACK: '1',
  };
}

/** `deno serve` of one function's handler; its base URL once it listens. */
async function serveUnderDeno(name: string, port: number): Promise<string> {
  const deno = spawn(
    join(root, 'node_modules/.bin/deno'),
    [
      'serve',
      '--cached-only',
      '--allow-read',
      '--allow-env',
      '--allow-net=127.0.0.1',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      `supabase/functions/${name}/handler.ts`,
    ],
    {
      cwd: root,
      env: {
        PATH: process.env['PATH'] ?? '',
        DENO_DIR: denoDir,
        NO_COLOR: '1',
        FLOW: FLOW_FILE,
        SUPABASE_URL: restBase,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
        ...envFor('deno'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push(deno);
  const lines: string[] = [];
  deno.stdout?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  deno.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  output.push(`--- ${name}`);
  const since = Date.now();
  while (!lines.join('').includes('Listening on')) {
    if (deno.exitCode !== null || Date.now() - since > 60_000)
      throw new Error(`deno serve ${name} did not start:\n${lines.join('')}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  deno.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  deno.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return `http://127.0.0.1:${port}`;
}

const freePort = async (): Promise<number> => {
  const probe = createServer();
  const port = Number(new URL(await listen(probe)).port);
  await new Promise((done) => probe.close(done));
  return port;
};

let metaUrl = '';
let leadsUrl = '';

beforeAll(async () => {
  dbDeno = await openTestDatabase();
  dbLocal = await openTestDatabase();
  // Supabase's REST API for the functions' service-role calls.
  rest = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const fn = /^\/rest\/v1\/rpc\/(\w+)$/.exec(req.url ?? '')?.[1];
      const authorized =
        req.headers['apikey'] === SERVICE_KEY && req.headers['authorization'] === `Bearer ${SERVICE_KEY}`;
      if (req.method !== 'POST' || !fn || !authorized) {
        res.writeHead(authorized ? 404 : 401).end();
        return;
      }
      const answer = await callRpc(dbDeno, fn, JSON.parse(body), 'service_role');
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body));
    });
  });
  restBase = await listen(rest);
  receiver = createServer((req, res) => {
    void readBody(req).then((body) => {
      const [, side = '', kind = '', ...rest] = (req.url ?? '').split('/');
      received.push({ side, path: `/${[kind, ...rest].join('/')}`, headers: req.headers, body });
      const status = kind === 'sheet' ? 500 : (kind === 'crm' || kind === 'meta') && down ? 503 : 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiverBase = await listen(receiver);
  mkdirSync(join(root, 'supabase/functions/_flow'), { recursive: true });
  writeFileSync(join(root, 'supabase/functions/_flow', FLOW_FILE), JSON.stringify(flow));
  denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
  [metaUrl, leadsUrl] = await Promise.all([
    freePort().then((port) => serveUnderDeno('meta-capi', port)),
    freePort().then((port) => serveUnderDeno('lead-webhooks', port)),
  ]);
}, 120_000);

afterAll(async () => {
  for (const deno of started) deno.kill();
  rmSync(join(root, 'supabase/functions/_flow', FLOW_FILE), { force: true });
  if (denoDir) rmSync(denoDir, { recursive: true, force: true });
  await Promise.all([rest, receiver].map((server) => new Promise((done) => server?.close(done))));
  await Promise.all([dbDeno?.close(), dbLocal?.close()]);
});

/** The same lead saved on both databases (with the request headers the Lead event records). */
async function saveLead(id: string): Promise<void> {
  const args = {
    id,
    session_id: randomUUID(),
    name: 'Zoë Test',
    email: 'zoe@example.com',
    flow_id: FLOW_ID,
    answers: { age: 48 },
    campaign: { utm_source: 'facebook' },
    meta: {
      consent: 'granted',
      event_time: 1_795_000_000,
      event_source_url: 'https://funnel.example.com/contact-collection',
      custom_data: { content_name: 'Assessment' },
    },
  };
  for (const db of [dbDeno, dbLocal]) {
    const saved = await callRpc(db, 'save_quiz_completion', args, 'anon', {
      'user-agent': 'Mozilla/5.0 test',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(saved.status).toBe(200);
  }
  // The same moment on both (the database's clock set it a few milliseconds apart): the lead carries it.
  const { rows } = await dbDeno.query<{ at: string }>(
    'select submitted_at::text as at from public.quiz_completions where id = $1',
    [id],
  );
  await dbLocal.query('update public.quiz_completions set submitted_at = $2::timestamptz where id = $1', [
    id,
    rows[0]?.at,
  ]);
}

/** One pass of each side: Deno's function answers its report; the local workers' code returns theirs. */
async function pass(): Promise<{ deno: unknown[]; local: unknown[] }> {
  const call = async (url: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVICE_KEY}` },
    });
    expect(response.status, output.join('')).toBe(200);
    return response.json() as Promise<unknown>;
  };
  const deno = [await call(metaUrl), await call(leadsUrl)];
  const env = envFor('local');
  const metaConfig = metaCapiConfig((name) => env[name]);
  const sinks = flowLeadSinks(flow);
  const { config: leadConfig } = leadWebhooksConfig((name) => env[name], sinks ? [sinks] : []);
  if (!metaConfig || !leadConfig) throw new Error('expected both configurations');
  const local = [
    await deliverDueEvents({ store: pgliteMetaStore(dbLocal), config: metaConfig, fetch }),
    await deliverDueLeads({
      store: sqlLeadWebhookStore(dbLocal),
      config: leadConfig,
      transport: pinnedTransport,
      resolve: resolveAll,
    }),
  ];
  // The retries are due a millisecond later (LEAD_SINK_RETRY_BASE_MS, META_RETRY_BASE_MS).
  await new Promise((wait) => setTimeout(wait, 20));
  return { deno, local };
}

/** What a side sent: path, body, the headers that matter, and whether the signature verifies. */
function sent(side: string) {
  return received
    .filter((request) => request.side === side)
    .map(({ path, headers, body }) => {
      const sink = path.split('/')[1] ?? '';
      const signature = String(headers['x-funnel-signature'] ?? '');
      const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      const secret = SECRETS[sink as keyof typeof SECRETS];
      return {
        path,
        body: JSON.parse(body) as unknown,
        contentType: headers['content-type'],
        idempotencyKey: headers['idempotency-key'],
        signed: secret ? createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') === v1 : null,
      };
    })
    .sort((a, b) => `${a.path} ${a.idempotencyKey}`.localeCompare(`${b.path} ${b.idempotencyKey}`));
}

/** The queue rows a side left, without ids and times. */
async function queues(db: SqlDatabase): Promise<unknown> {
  const meta = await db.query(
    `select event_name, event_id::text, attempts, last_status, delivered_at is not null as delivered
       from funnel_private.meta_events order by event_id, event_name`,
  );
  const leads = await db.query(
    `select lead_id::text, attempts, done_sinks, dead_sinks, last_status, finished_at is not null as finished
       from funnel_private.lead_webhooks order by lead_id`,
  );
  const counts = await db.query(
    'select pending::int, dead_letters::int, delivered::int from public.lead_webhook_counts()',
  );
  return { meta: meta.rows, leads: leads.rows, counts: counts.rows };
}

describe('the queue functions under Deno (meta-capi, lead-webhooks)', () => {
  it('deliver what the local workers deliver: the same requests, reports, retries and dead letters', async () => {
    const leads = [randomUUID(), randomUUID()];
    for (const id of leads) await saveLead(id);
    expect(await queues(dbDeno)).toEqual(await queues(dbLocal));

    // Pass 1: Meta and crm answer 503 (retried), sheet 500 (retried).
    const first = await pass();
    expect(first.deno).toEqual([
      { delivered: 0, failed: 2 },
      { delivered: 0, retried: 4, dead: 0 },
    ]);
    expect(first.deno).toEqual(first.local);
    // Pass 2: Meta and crm are back; sheet fails its second and last attempt (dead-lettered).
    down = false;
    const second = await pass();
    expect(second.deno).toEqual([
      { delivered: 2, failed: 0 },
      { delivered: 2, retried: 0, dead: 2 },
    ]);
    expect(second.deno).toEqual(second.local);
    // Pass 3: nothing is left to send.
    const third = await pass();
    expect(third.deno).toEqual([
      { delivered: 0, failed: 0 },
      { delivered: 0, retried: 0, dead: 0 },
    ]);
    expect(third.deno).toEqual(third.local);

    const fromDeno = sent('deno');
    expect(fromDeno).toEqual(sent('local'));
    expect(fromDeno).toHaveLength(2 * 2 + 2 * 2 + 2 * 2);
    expect(
      fromDeno
        .filter((request) => request.path !== '/meta/1234567890/events')
        .every((request) => request.signed),
    ).toBe(true);
    expect(fromDeno.map((request) => request.idempotencyKey)).toContain(`${leads[0]}:crm`);
    expect(fromDeno.find((request) => request.path === '/meta/1234567890/events')?.body).toMatchObject({
      access_token: TOKEN,
      data: [{ event_name: 'Lead', user_data: { client_user_agent: 'Mozilla/5.0 test' } }],
    });

    const left = await queues(dbDeno);
    expect(left).toEqual(await queues(dbLocal));
    expect(left).toMatchObject({ counts: [{ pending: 0, dead_letters: 2, delivered: 2 }] });
  }, 60_000);
});
