/**
 * Lead webhook delivery (issue 31): the SSRF guard, the signature, the configuration from the env, and
 * one worker pass over a fake store: retries on network errors, 408, 429 and 5xx with backoff up to a
 * bound, then dead-lettered; a redirect or another 4xx dead-lettered at once.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressRefusal, checkSinkUrl } from './address-guard.ts';
import {
  deliverDueLeads,
  flowLeadSinks,
  leadWebhooksConfig,
  signWebhook,
  type LeadWebhookStore,
  type QueuedLead,
  type WebhookTransport,
} from './lead-webhooks.ts';

const off = { allowLoopback: false };
const on = { allowLoopback: true };

describe('the address guard', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1',
    '::ffff:127.0.0.1', '64:ff9b::a9fe:a9fe', 'ff02::1',
  ])('refuses %s', (address) => {
    expect(addressRefusal(address, off)).not.toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(addressRefusal(address, off)).toBeNull();
  });

  it.each([
    ['2002:7f00:1::', 'loopback (6to4) address'],
    ['[2002:7f00:1::]', 'loopback (6to4) address'],
    ['2002:a00:1::1', 'private (6to4) address'],
    ['2002:a9fe:a9fe::', 'link-local (6to4) address'],
    ['64:ff9b::127.0.0.1', 'loopback (NAT64) address'],
    ['64:ff9b::a00:1', 'private (NAT64) address'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 address'],
    ['::ffff:10.0.0.1', 'private address'],
    ['::ffff:0:10.0.0.1', 'private (IPv4-translated) address'],
    ['::127.0.0.1', 'loopback (IPv4-compatible) address'],
    ['::a9fe:a9fe', 'link-local (IPv4-compatible) address'],
    // Teredo: server 10.0.0.1; then a public server with the client 127.0.0.1 (stored inverted).
    ['2001:0:a00:1::', 'private (Teredo server) address'],
    ['2001:0:808:808::80ff:fffe', 'loopback (Teredo client) address'],
  ])('judges the IPv4 address %s embeds: %s', (address, refusal) => {
    expect(addressRefusal(address, off)).toBe(refusal);
    // A tunnel's loopback is not the local receiver the test/dev allowance is for.
    expect(addressRefusal(address, on)).toBe(refusal);
  });

  it.each(['2002:808:808::1', '64:ff9b::808:808', '2001:0:808:808::f7f7:f7f7'])(
    'lets %s through: the IPv4 address it embeds is public',
    (address) => {
      expect(addressRefusal(address, off)).toBeNull();
    },
  );

  it('refuses a sink URL at a 6to4 literal of 127.0.0.1, with or without the allowance', async () => {
    const never = () => Promise.reject(new Error('a literal is not resolved'));
    for (const policy of [off, on])
      expect(await checkSinkUrl(new URL('https://[2002:7f00:1::]/hook'), never, policy)).toEqual({
        refused: 'resolves to a loopback (6to4) address',
      });
  });

  it('lets loopback, and only loopback, through under the test/dev allowance', () => {
    expect(addressRefusal('127.0.0.1', on)).toBeNull();
    expect(addressRefusal('::1', on)).toBeNull();
    for (const address of ['10.0.0.1', '192.168.0.10', '169.254.169.254', 'fe80::1']) {
      expect(addressRefusal(address, on)).not.toBeNull();
    }
  });

  it('checks every address a name resolves to, and https only without the allowance', async () => {
    const resolve = (host: string) =>
      Promise.resolve(host === 'sneaky.example' ? ['93.184.216.34', '10.0.0.7'] : ['93.184.216.34']);
    expect(await checkSinkUrl(new URL('https://sneaky.example/x'), resolve, off)).toEqual({
      refused: 'resolves to a private address',
    });
    expect(await checkSinkUrl(new URL('https://hooks.example/x'), resolve, off)).toEqual({ addresses: ['93.184.216.34'] });
    expect(await checkSinkUrl(new URL('http://hooks.example/x'), resolve, off)).toEqual({ refused: 'must be an https URL' });
    expect(await checkSinkUrl(new URL('https://u:p@hooks.example/x'), resolve, off)).toEqual({ refused: 'must not carry credentials' });
    const local = () => Promise.resolve(['127.0.0.1']);
    expect(await checkSinkUrl(new URL('https://localhost/x'), local, off)).toEqual({ refused: 'resolves to a loopback address' });
    expect(await checkSinkUrl(new URL('http://[::1]:8080/x'), local, on)).toEqual({ addresses: ['::1'] });
  });
});

describe('the configuration', () => {
  const flow = { id: 'f', settings: { leadSinks: [{ type: 'webhook', name: 'crm-eu' }] } };

  it('reads the flow’s sink names and each sink’s URL and secret from the env', () => {
    expect(flowLeadSinks(flow)).toEqual({ flowId: 'f', sinks: ['crm-eu'] });
    const env: Record<string, string> = {
      LEAD_SINK_CRM_EU_URL: 'https://hooks.example/lead',
      LEAD_SINK_CRM_EU_SECRET: 'a-secret-of-some-length',
    };
    const { config, problems } = leadWebhooksConfig((name) => env[name], [{ flowId: 'f', sinks: ['crm-eu'] }]);
    expect(problems).toEqual([]);
    expect(config?.flows.get('f')?.map((s) => [s.name, s.url.href])).toEqual([['crm-eu', 'https://hooks.example/lead']]);
    expect(config?.allowLoopback).toBe(false);
  });

  it('names the missing variables and sends nothing for that flow', () => {
    const { config, problems } = leadWebhooksConfig(() => undefined, [{ flowId: 'f', sinks: ['crm-eu'] }]);
    expect(config).toBeNull();
    expect(problems).toEqual([
      'lead sink crm-eu (flow f): set LEAD_SINK_CRM_EU_URL to its https URL',
      'lead sink crm-eu (flow f): set LEAD_SINK_CRM_EU_SECRET (at least 16 characters)',
    ]);
  });
});

it('signs t.body with HMAC-SHA256', async () => {
  const at = new Date('2026-11-27T08:00:00Z');
  const header = await signWebhook('a-secret-of-some-length', '{"a":1}', at);
  const t = at.getTime() / 1000;
  const hex = createHmac('sha256', 'a-secret-of-some-length').update(`${t}.{"a":1}`).digest('hex');
  expect(header).toBe(`t=${t},v1=${hex}`);
});

/** A one-job queue in memory, and a pass runner over it with a scripted receiver. */
function setup(statuses: (number | Error)[], url = 'https://hooks.example/lead', maxAttempts = 3) {
  const job: QueuedLead & { retryAt: Date | null; dead: string[]; finished: boolean } = {
    id: 1, attempts: 0, doneSinks: [], lead: { leadId: 'L1', sessionId: 'S1', flowId: 'f', email: 'x@example.com' },
    retryAt: null, dead: [], finished: false,
  };
  const store: LeadWebhookStore = {
    claim: () => Promise.resolve(job.finished ? [] : [{ ...job, doneSinks: [...job.doneSinks] }]),
    settle: (_id, outcome) => {
      job.attempts += 1;
      job.doneSinks.push(...outcome.delivered);
      job.dead.push(...outcome.dead);
      job.retryAt = outcome.retryAt;
      job.finished = outcome.retryAt === null;
      return Promise.resolve();
    },
  };
  const requests: Parameters<WebhookTransport>[0][] = [];
  const transport: WebhookTransport = (request) => {
    requests.push(request);
    const next = statuses.shift() ?? 200;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const env: Record<string, string> = { LEAD_SINK_CRM_URL: url, LEAD_SINK_CRM_SECRET: 'a-secret-of-some-length' };
  const { config } = leadWebhooksConfig((name) => env[name], [{ flowId: 'f', sinks: ['crm'] }]);
  if (!config) throw new Error('no config');
  config.retry = { baseMs: 1000, maxMs: 4000, maxAttempts };
  const logs: string[] = [];
  const pass = () =>
    deliverDueLeads({
      store, config, transport, resolve: () => Promise.resolve(['93.184.216.34']),
      now: () => new Date('2026-11-27T08:00:00Z'), log: (m) => logs.push(m),
    });
  return { job, pass, requests, logs };
}

describe('a worker pass', () => {
  it('delivers once, signed, with the idempotency key, to the checked address', async () => {
    const { job, pass, requests } = setup([200]);
    expect(await pass()).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(job).toMatchObject({ doneSinks: ['crm'], finished: true });
    const [request] = requests;
    expect(request?.headers['idempotency-key']).toBe('L1:crm');
    expect(request?.headers['x-funnel-signature']).toBe(await signWebhook('a-secret-of-some-length', request?.body ?? '', new Date('2026-11-27T08:00:00Z')));
    expect(request?.address).toBe('93.184.216.34');
    expect(request?.timeoutMs).toBe(5000);
    expect(await pass()).toEqual({ delivered: 0, retried: 0, dead: 0 });
  });

  it('retries network errors, 408, 429 and 5xx with backoff, then dead-letters at the bound', async () => {
    const { job, pass, logs } = setup([new Error('ECONNREFUSED'), 429, 503], 'https://hooks.example/lead', 3);
    await pass();
    expect(job.retryAt?.toISOString()).toBe('2026-11-27T08:00:01.000Z');
    await pass();
    expect(job.retryAt?.toISOString()).toBe('2026-11-27T08:00:02.000Z');
    expect(await pass()).toEqual({ delivered: 0, retried: 0, dead: 1 });
    expect(job).toMatchObject({ dead: ['crm'], finished: true, attempts: 3 });
    expect(logs.join('\n')).not.toMatch(/x@example|hooks\.example|secret/);
  });

  it.each([301, 400, 410])('dead-letters a %s at once (redirects are not followed)', async (status) => {
    const { job, pass } = setup([status]);
    expect(await pass()).toEqual({ delivered: 0, retried: 0, dead: 1 });
    expect(job).toMatchObject({ dead: ['crm'], finished: true });
  });

  it.each([
    ['https://127.0.0.1/lead', 'refused: resolves to a loopback address'],
    ['http://127.0.0.1:8080/lead', 'refused: must be an https URL'],
    ['https://192.168.1.20/lead', 'refused: resolves to a private address'],
    ['https://169.254.169.254/latest', 'refused: resolves to a link-local address'],
  ])('without the allowance, refuses %s without sending anything', async (url, reason) => {
    const { job, pass, requests, logs } = setup([200], url);
    expect(await pass()).toEqual({ delivered: 0, retried: 0, dead: 1 });
    expect(requests).toEqual([]);
    expect(job.dead).toEqual(['crm']);
    expect(logs).toEqual([`Lead webhook crm (job 1): ${reason}`]);
  });

  it('refuses a sink at a private address without sending anything', async () => {
    const { job, pass, requests, logs } = setup([200], 'https://10.0.0.5/lead');
    expect(await pass()).toEqual({ delivered: 0, retried: 0, dead: 1 });
    expect(requests).toEqual([]);
    expect(job.dead).toEqual(['crm']);
    expect(logs).toEqual(['Lead webhook crm (job 1): refused: resolves to a private address']);
  });
});
