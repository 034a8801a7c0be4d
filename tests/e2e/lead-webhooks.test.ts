/**
 * Server-side lead webhooks in Chromium (issue 31), on a production build of a flow that names two
 * sinks: `crm` (a local receiver on 127.0.0.1, allowed by the test/dev allowance
 * LEAD_SINKS_ALLOW_LOOPBACK=1) and `intranet` (a private address, 10.0.0.5, refused even then). The
 * receiver is down when the visitor sends the form and comes up after the worker has failed to reach
 * it; the lead then arrives once, signed with the sink's secret. The private sink is dead-lettered
 * without a request and counted for the report. The build carries no sink URL or secret, and no server
 * log line carries the visitor's email or name, a sink URL or a secret.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { button, buttonOf, expectScreen, routeOf, screenOf } from './funnel.ts';
import { loadFlow, repoRoot, startHarness, type Harness } from './harness.ts';
import { productionBuild } from './production-build.ts';
import { readFlowRevision } from '../../common/flow-revision.ts';

const SECRET = 'whsec-e2e-crm-0123456789abcdef';
const PRIVATE_SECRET = 'whsec-e2e-intranet-0123456789';
const PRIVATE_URL = 'http://10.0.0.5/lead-hook';
const NAME = 'Wren';
const EMAIL = 'wren.webhook@example.com';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let port = 0;
let sinkUrl = '';
let outDir: string;
let flowDir: string;
let harness: Harness;
const logged: string[] = [];
const saved: Record<string, string | undefined> = {};

function listen(): Promise<void> {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  return new Promise((resolve) => receiver.listen(port, '127.0.0.1', resolve));
}

const stopReceiver = () => new Promise<void>((resolve) => receiver.close(() => resolve()));

/** Every file of the build, as text. */
function builtText(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? builtText(path) : readFileSync(path).toString('latin1')))
    .join('\n');
}

beforeAll(async () => {
  // The port is taken now and released, so the sink's URL is known while the receiver is down.
  await listen();
  port = (receiver.address() as AddressInfo).port;
  await stopReceiver();
  sinkUrl = `http://127.0.0.1:${port}/hooks/lead`;
  const env = {
    LEAD_SINK_CRM_URL: sinkUrl,
    LEAD_SINK_CRM_SECRET: SECRET,
    LEAD_SINK_INTRANET_URL: PRIVATE_URL,
    LEAD_SINK_INTRANET_SECRET: PRIVATE_SECRET,
    LEAD_SINKS_ALLOW_LOOPBACK: '1',
    LEAD_SINK_WORKER_INTERVAL_MS: '200',
    LEAD_SINK_RETRY_BASE_MS: '300',
    LEAD_SINK_RETRY_MAX_MS: '600',
  };
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  // The default flow, naming the two sinks (the flow names a sink, never its URL or secret).
  const flow = loadFlow();
  const withSinks = {
    ...flow,
    settings: {
      ...(flow as unknown as { settings: Record<string, unknown> }).settings,
      leadSinks: [
        { type: 'webhook', name: 'crm' },
        { type: 'webhook', name: 'intranet' },
      ],
    },
  };
  flowDir = mkdtempSync(join(tmpdir(), 'funnel-sinks-flow-'));
  const flowPath = join(flowDir, 'flow.json');
  writeFileSync(flowPath, JSON.stringify(withSinks, null, 2));
  // Its language files go beside it, as the flow's own do (flows/skin-funnel.<language>.json).
  for (const name of readdirSync(join(repoRoot, 'flows')).filter((file) => /^skin-funnel\.[a-z-]+\.json$/i.test(file)))
    writeFileSync(join(flowDir, name.replace('skin-funnel', 'flow')), readFileSync(join(repoRoot, 'flows', name)));
  outDir = mkdtempSync(join(tmpdir(), 'funnel-sinks-build-'));
  await productionBuild(outDir, { env: { FLOW: flowPath } });
  harness = await startHarness({ outDir, leadSinksFlow: withSinks });
}, 240_000);

// Every line the server side prints during a test, for the scan (restoreMocks undoes it after each).
beforeEach(() => {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    });
  }
});

afterAll(async () => {
  await harness?.stop();
  if (receiver?.listening) await stopReceiver();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(flowDir, { recursive: true, force: true });
});

describe('server-side lead webhooks', () => {
  it('delivers the lead from the server, signed, after a receiver outage, and refuses the private sink', async () => {
    const tp = await harness.open();
    // She gives her age first (an old ad opened that question), so the lead carries computed results.
    await tp.page.goto(tp.url(routeOf('age')));
    await expectScreen(tp.page, 'age');
    await button(tp.page, buttonOf('age')).click();
    await expectScreen(tp.page, 'cliff-education');
    await tp.page.goto(tp.url(routeOf('email-capture')));
    await expectScreen(tp.page, 'email-capture');
    const [nameField, emailField] = screenOf('email-capture').fields ?? [];
    await tp.page.getByLabel(nameField?.label ?? 'Name', { exact: true }).fill(NAME);
    await tp.page.getByLabel(emailField?.label ?? 'Email', { exact: true }).fill(EMAIL);
    await button(tp.page, buttonOf('email-capture')).click();
    await expectScreen(tp.page, 'doctor-investigation');

    // The receiver is down: the worker's attempts fail and are scheduled again.
    const job = () =>
      harness.rows<{ attempts: number; done_sinks: string[]; dead_sinks: string[]; finished: boolean }>(
        'select attempts, done_sinks, dead_sinks, finished_at is not null as finished from funnel_private.lead_webhooks',
      );
    await expect.poll(async () => (await job())[0]?.attempts ?? 0, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    expect((await job())[0]).toMatchObject({ done_sinks: [], dead_sinks: ['intranet'], finished: false });
    expect(received).toEqual([]);

    await listen();
    await expect.poll(() => received.length, { timeout: 20_000, interval: 100 }).toBe(1);
    await expect.poll(async () => (await job())[0]?.finished, { timeout: 5_000, interval: 100 }).toBe(true);
    expect((await job())[0]).toMatchObject({ done_sinks: ['crm'], dead_sinks: ['intranet'] });
    // Settled: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(received).toHaveLength(1);

    const [lead] = await harness.rows<{ id: string; session_id: string; result: Record<string, unknown> | null }>(
      'select id::text, session_id::text, result from public.quiz_completions where name = $1',
      [NAME],
    );
    const [request] = received;
    if (!request || !lead) throw new Error('no request or no lead');
    expect(request.url).toBe('/hooks/lead');
    expect(request.headers['idempotency-key']).toBe(`${lead.id}:crm`);
    expect(request.headers['content-type']).toBe('application/json');
    const signature = String(request.headers['x-funnel-signature']);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
    expect(match).not.toBeNull();
    const expected = createHmac('sha256', SECRET).update(`${match?.[1]}.${request.body}`).digest('hex');
    expect(match?.[2]).toBe(expected);
    expect(Math.abs(Number(match?.[1]) - Date.now() / 1000)).toBeLessThan(120);
    expect(JSON.parse(request.body)).toMatchObject({
      leadId: lead.id,
      sessionId: lead.session_id,
      flowId: 'skin-funnel',
      // The revision the build stamped: the content hash of the flow file and its language files.
      revision: await readFlowRevision(join(flowDir, 'flow.json')),
      name: NAME,
      email: EMAIL,
      // The flow's tracking.lead.result, as the lead row holds them.
      result: lead.result,
    });
    expect(Object.keys(lead.result ?? {}).sort()).toEqual(['hormonalLabel', 'hormonalLikelihood', 'skinAge']);
    expect(typeof lead.result?.['skinAge']).toBe('number');

    // The report's count of dead letters.
    const [counts] = await harness.rows<{ dead_letters: unknown; pending: unknown }>('select * from public.lead_webhook_counts()');
    expect([counts?.dead_letters, counts?.pending].map(Number)).toEqual([1, 0]);

    const serverText = logged.join('\n').toLowerCase();
    expect(serverText).toContain('lead webhook intranet');
    expect(serverText).toContain('private address');
    for (const secret of [EMAIL, NAME, SECRET, PRIVATE_SECRET, sinkUrl, PRIVATE_URL, '10.0.0.5']) {
      expect(serverText).not.toContain(secret.toLowerCase());
    }
  }, 90_000);

  it('ships no sink URL or secret in the build', () => {
    const text = builtText(outDir);
    expect(text).toContain('email-capture');
    for (const secret of [SECRET, PRIVATE_SECRET, sinkUrl, `127.0.0.1:${port}`, PRIVATE_URL, '10.0.0.5', 'LEAD_SINK_']) {
      expect(text).not.toContain(secret);
    }
  });
});
