/**
 * Server-side Meta conversions on the real migrations (PGlite): a lead or final click queues its event in
 * the same call, hashed per Meta's rules, gated by consent; partial leads are upgraded in place and never
 * queued; and the shared delivery code, against a real local Graph API receiver that fails for 60 s of
 * (fake) time, delivers each event exactly once without a plain email, name or token in any log.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SqlDatabase } from './sql-database.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { metaCapiConfig, deliverDueEvents } from '../supabase/functions/_shared/meta-capi.ts';
import { openTestDatabase } from './test-database.ts';
import { pgliteMetaStore } from './meta-worker.ts';
import { callRpc } from './rpc.ts';
import { failure, sqlKit } from './sql-test-kit.ts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const EMAIL = '  Zoë.Test@Example.COM ';
const NAME = "Zoë O'Brien-Smith";
const TOKEN = 'EAAtesttoken-0123456789-secret';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
afterEach(async () => {
  await db.exec('delete from funnel_private.meta_events; delete from funnel_private.ad_consents;');
});
const { rpc, read, asRole } = sqlKit(() => db);

const meta = (consent: string, extra: Record<string, unknown> = {}) => ({
  consent,
  event_time: 1_795_000_000,
  event_source_url: 'https://funnel.example.com/contact-collection',
  custom_data: { content_name: 'Assessment', value: 1, currency: 'USD' },
  ...extra,
});
const lead = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  session_id: randomUUID(),
  name: NAME,
  email: EMAIL,
  ...extra,
});
const events = () =>
  read<{ event_name: string; event_id: string; consent: string; payload: Record<string, unknown>; delivered_at: unknown }>(
    'select event_name, event_id::text, consent, payload, delivered_at from funnel_private.meta_events order by id',
  );

describe('queueing a Lead with the lead', () => {
  it('queues the Lead with hashed, normalised user data, the request IP and user agent, cookies and custom data', async () => {
    const args = lead({ meta: meta('granted', { fbp: 'fb.1.1700000000.123', fbc: 'fb.1.1700000000.AbC' }) });
    const response = await callRpc(db, 'save_quiz_completion', args, 'anon', {
      'x-forwarded-for': '203.0.113.7, 10.0.0.1',
      'user-agent': 'Mozilla/5.0 test',
    });
    expect(response.status).toBe(200);
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(event?.payload).toEqual({
      event_name: 'Lead',
      event_time: 1_795_000_000,
      event_id: args.id,
      action_source: 'website',
      event_source_url: 'https://funnel.example.com/contact-collection',
      user_data: {
        em: [sha('zoë.test@example.com')],
        fn: [sha('zoë')],
        ln: [sha('obriensmith')],
        external_id: [sha(args.session_id)],
        client_ip_address: '203.0.113.7',
        client_user_agent: 'Mozilla/5.0 test',
        fbp: 'fb.1.1700000000.123',
        fbc: 'fb.1.1700000000.AbC',
      },
      custom_data: { content_name: 'Assessment', value: 1, currency: 'USD' },
    });
    const stored = JSON.stringify(await read('select * from funnel_private.meta_events'));
    expect(stored.toLowerCase()).not.toContain('zoë.test');
    expect(stored.toLowerCase()).not.toContain('brien');
    expect(await read('select ad_consent from public.quiz_completions where id = $1', [args.id])).toEqual([
      { ad_consent: 'granted' },
    ]);
  });

  it('queues nothing without a meta argument (declined consent, no pixel) and once for a retried save', async () => {
    await rpc('save_quiz_completion', lead());
    const args = lead({ meta: meta('not-needed') });
    await rpc('save_quiz_completion', args);
    await rpc('save_quiz_completion', args);
    expect((await events()).map((e) => [e.event_name, e.event_id])).toEqual([['Lead', args.id]]);
  });

  it('refuses a bad meta argument naming the field', async () => {
    const refused = await failure(rpc('save_quiz_completion', lead({ meta: meta('maybe') })));
    expect(refused.message).toMatch(/^meta\.consent: /);
    expect((await failure(rpc('save_quiz_completion', lead({ meta: meta('granted', { custom_data: [1] }) })))).message).toBe(
      'meta.custom_data: must be an object',
    );
  });

  it('keeps the outbox out of the browser roles’ reach', async () => {
    expect((await failure(asRole('anon', 'select * from funnel_private.meta_events'))).code).toBe('42501');
    expect((await failure(asRole('anon', 'select * from public.meta_claim_events(10, 60)'))).code).toBe('42501');
    expect((await failure(asRole('anon', 'select public.meta_settle_event(1, true, 200, null)'))).code).toBe('42501');
  });
});

describe('consent', () => {
  it('holds a pending event until granted, and deletes it when declined', async () => {
    const held = lead({ meta: meta('pending') });
    const dropped = lead({ meta: meta('pending') });
    await rpc('save_quiz_completion', held);
    await rpc('save_quiz_completion', dropped);
    expect(await read('select * from public.meta_claim_events(10, 60)')).toEqual([]);
    await rpc('record_ad_consent', { session_id: held.session_id, consent: 'granted' });
    await rpc('record_ad_consent', { session_id: dropped.session_id, consent: 'denied' });
    expect((await events()).map((e) => [e.event_id, e.consent])).toEqual([[held.id, 'granted']]);
  });

  // Issue 42: a second tab's "Allow" over a refusal recorded for the visit.
  it('keeps a recorded refusal against a later plain grant: no Meta event is queued until a reconsidered grant', async () => {
    const session = randomUUID();
    const queued = () => read('select event_name from funnel_private.meta_events where session_id = $1', [session]);
    const decided = () => read('select consent from funnel_private.ad_consents where session_id = $1', [session]);
    await rpc('record_ad_consent', { session_id: session, consent: 'denied' });
    await rpc('record_ad_consent', { session_id: session, consent: 'granted' });
    await rpc('record_ad_consent', { session_id: session, consent: 'granted', reconsidered: false });
    await rpc('save_quiz_completion', lead({ session_id: session, meta: meta('granted') }));
    expect({ decided: await decided(), queued: await queued() }).toEqual({ decided: [{ consent: 'denied' }], queued: [] });
    // Her explicit new choice: what she does from now on is sent.
    await rpc('record_ad_consent', { session_id: session, consent: 'granted', reconsidered: true });
    const later = lead({ session_id: session, meta: meta('granted') });
    await rpc('save_quiz_completion', later);
    expect({ decided: await decided(), queued: await queued() }).toEqual({
      decided: [{ consent: 'granted' }],
      queued: [{ event_name: 'Lead' }],
    });
    // A refusal always replaces a grant.
    await rpc('record_ad_consent', { session_id: session, consent: 'denied' });
    expect({ decided: await decided(), queued: await queued() }).toEqual({ decided: [{ consent: 'denied' }], queued: [] });
  });

  it('refuses a reconsidered flag that is not a boolean, by name', async () => {
    expect(
      await failure(rpc('record_ad_consent', { session_id: randomUUID(), consent: 'granted', reconsidered: 'yes' })),
    ).toMatchObject({ code: '22023', message: expect.stringMatching(/^reconsidered: /) as unknown });
  });

  it('applies a decision that reached the server before the lead', async () => {
    const args = lead({ meta: meta('pending') });
    await rpc('record_ad_consent', { session_id: args.session_id, consent: 'denied' });
    await rpc('save_quiz_completion', args);
    expect(await events()).toEqual([]);
  });
});

describe('CompleteRegistration with the final click', () => {
  it('shares the lead id as event id, hashes the lead row’s name, and only for the caller’s own lead', async () => {
    const args = lead();
    await rpc('save_quiz_completion', args);
    await rpc('record_final_click', { session_id: randomUUID(), lead_id: args.id, meta: meta('granted') });
    expect(await events()).toEqual([]);
    await rpc('record_final_click', { session_id: args.session_id, email: EMAIL, lead_id: args.id, meta: meta('granted') });
    await rpc('record_final_click', { session_id: args.session_id, email: EMAIL, lead_id: args.id, meta: meta('granted') });
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(event?.event_name).toBe('CompleteRegistration');
    expect(event?.event_id).toBe(args.id);
    expect(event?.payload.user_data).toMatchObject({ em: [sha('zoë.test@example.com')], fn: [sha('zoë')] });
  });
});

describe('partial leads', () => {
  it('keeps one partial row per session, never queued, upgraded in place by the full save', async () => {
    const session = randomUUID();
    await rpc('save_quiz_completion', { id: randomUUID(), session_id: session, name: null, email: 'first@example.com', partial: true, meta: meta('granted') });
    const partialId = randomUUID();
    await rpc('save_quiz_completion', { id: partialId, session_id: session, name: null, email: 'ann@example.com', partial: true });
    const rows = () => read<{ id: string; email: string; partial: boolean; name: string | null }>(
      'select id::text, email, partial, name from public.quiz_completions where session_id = $1', [session]);
    expect(await rows()).toEqual([{ id: expect.any(String), email: 'ann@example.com', partial: true, name: null }]);
    expect(await events()).toEqual([]);

    const full = { id: randomUUID(), session_id: session, name: 'Ann', email: 'ann@example.com', meta: meta('granted') };
    await rpc('save_quiz_completion', full);
    await rpc('save_quiz_completion', full);
    // A partial save arriving late (another tab, a slow beacon) changes nothing.
    await rpc('save_quiz_completion', { id: partialId, session_id: session, name: null, email: 'ann@example.com', partial: true });
    expect(await rows()).toEqual([{ id: full.id, email: 'ann@example.com', partial: false, name: 'Ann' }]);
    expect((await events()).map((e) => [e.event_name, e.event_id])).toEqual([['Lead', full.id]]);
  });
});

describe('delivery through a Graph API receiver that fails for 60 s', () => {
  let server: Server;
  const received: { url: string; body: string; eventId: string; ok: boolean }[] = [];
  let clock = Date.now() + 1_000;
  let downUntil = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const ok = clock >= downUntil;
        const parsed: unknown = JSON.parse(body);
        const eventId =
          parsed && typeof parsed === 'object' && 'data' in parsed && Array.isArray(parsed.data)
            ? String((parsed.data[0] as { event_id?: unknown } | undefined)?.event_id)
            : '';
        received.push({ url: req.url ?? '', body, eventId, ok });
        res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
        res.end(ok ? '{"events_received":1}' : '{"error":{"message":"Service temporarily unavailable"}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('delivers each event exactly once after the outage; logs name no email, name or token', async () => {
    const { port } = server.address() as AddressInfo;
    const config = metaCapiConfig(
      (name) =>
        ({ META_PIXEL_ID: '1234567890', META_ACCESS_TOKEN: TOKEN, META_GRAPH_URL: `http://127.0.0.1:${port}/v21.0`, META_RETRY_BASE_MS: '5000', META_RETRY_MAX_MS: '20000' })[name],
    );
    if (!config) throw new Error('expected a configuration');
    const args = lead({ meta: meta('granted') });
    await rpc('save_quiz_completion', args);
    await rpc('record_final_click', { session_id: args.session_id, lead_id: args.id, meta: meta('granted') });

    const logs: string[] = [];
    downUntil = clock + 60_000;
    // The worker's timer, every 5 s of fake time, for two minutes.
    for (let tick = 0; tick <= 24; tick += 1) {
      await deliverDueEvents({ store: pgliteMetaStore(db), config, fetch, now: () => new Date(clock), log: (m) => logs.push(m) });
      clock += 5_000;
    }
    const delivered = received.filter((r) => r.ok);
    expect(delivered.map((r) => r.eventId).sort()).toEqual([args.id, args.id]);
    expect(delivered.map((r) => JSON.parse(r.body).data[0].event_name).sort()).toEqual(['CompleteRegistration', 'Lead']);
    expect(received.filter((r) => !r.ok).length).toBeGreaterThan(2);
    expect(received.every((r) => r.url === '/v21.0/1234567890/events')).toBe(true);
    expect((await events()).every((e) => e.delivered_at !== null)).toBe(true);
    expect(logs.some((line) => line.includes('answered 503'))).toBe(true);

    const everything = [...logs, ...received.map((r) => r.url + r.body)].join('\n').toLowerCase();
    expect(everything).not.toContain('zoë.test');
    expect(everything).not.toContain('zoë');
    expect(logs.join('\n')).not.toContain(TOKEN);
    // The token reaches the receiver only in the body, never the URL.
    expect(received.every((r) => !r.url.includes(TOKEN) && r.body.includes(TOKEN))).toBe(true);
  });

  it('a worker that dies after Meta’s 2xx lets its claim lapse; the resend carries the same event id and key', async () => {
    const keys: string[] = [];
    const accepting = createServer((req, res) => {
      keys.push(String(req.headers['idempotency-key']));
      req.resume();
      req.on('end', () => {
        res.writeHead(200);
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => accepting.listen(0, '127.0.0.1', resolve));
    const { port } = accepting.address() as AddressInfo;
    const config = metaCapiConfig((name) => ({ META_PIXEL_ID: '1', META_ACCESS_TOKEN: TOKEN, META_GRAPH_URL: `http://127.0.0.1:${port}` })[name]);
    if (!config) throw new Error('expected a configuration');
    const args = lead({ meta: meta('granted') });
    await rpc('save_quiz_completion', args);
    const store = pgliteMetaStore(db);
    const crashing = { ...store, settle: () => Promise.reject(new Error('worker killed')) };
    const start = Date.now() + 1_000;
    await expect(deliverDueEvents({ store: crashing, config, fetch, now: () => new Date(start) })).rejects.toThrow('worker killed');
    // Within the claim nobody sends it again; after it lapses, a worker does, and marks it delivered.
    expect(await deliverDueEvents({ store, config, fetch, now: () => new Date(start + 30_000) })).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverDueEvents({ store, config, fetch, now: () => new Date(start + 61_000) })).toEqual({ delivered: 1, failed: 0 });
    expect(await deliverDueEvents({ store, config, fetch, now: () => new Date(start + 600_000) })).toEqual({ delivered: 0, failed: 0 });
    await new Promise((resolve) => accepting.close(resolve));
    expect(keys).toEqual([`Lead:${args.id}`, `Lead:${args.id}`]);
  });

  it('does not retry an event Meta refuses with a 4xx, and keeps it', async () => {
    const refusing = createServer((_req, res) => {
      res.writeHead(400);
      res.end('{}');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as AddressInfo;
    const config = metaCapiConfig((name) => ({ META_PIXEL_ID: '1', META_ACCESS_TOKEN: TOKEN, META_GRAPH_URL: `http://127.0.0.1:${port}` })[name]);
    if (!config) throw new Error('expected a configuration');
    await rpc('save_quiz_completion', lead({ meta: meta('granted') }));
    const first = await deliverDueEvents({ store: pgliteMetaStore(db), config, fetch });
    const again = await deliverDueEvents({ store: pgliteMetaStore(db), config, fetch, now: () => new Date(Date.now() + 86_400_000) });
    await new Promise((resolve) => refusing.close(resolve));
    expect([first.failed, again.failed + again.delivered]).toEqual([1, 0]);
    expect(await read('select last_status, delivered_at from funnel_private.meta_events')).toEqual([{ last_status: 400, delivered_at: null }]);
  });
});
