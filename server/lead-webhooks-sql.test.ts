/**
 * The lead webhook queue on the real migrations: the trigger queues one job per full lead in the save's
 * own transaction (a partial lead is not queued until it is upgraded, a retried save queues nothing
 * more), the job holds no personal data, the claim reads the lead, settling records delivered and
 * dead-lettered sinks, counted for the report, and the browser roles reach none of it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import { callRpc } from './rpc.ts';
import { sqlLeadWebhookStore } from './lead-webhook-worker.ts';
import { sqlKit } from './sql-test-kit.ts';
import { leadWebhookLine } from '../common/report/lead-webhook-line.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
afterEach(async () => {
  await db.exec('delete from funnel_private.lead_webhooks; delete from public.quiz_completions;');
});
const { read } = sqlKit(() => db);

const save = async (args: Record<string, unknown>) => {
  const response = await callRpc(db, 'save_quiz_completion', args, 'anon', {});
  expect(response.status).toBe(200);
};
const jobs = () => read<{ lead_id: string; flow_id: string | null }>('select lead_id::text, flow_id from funnel_private.lead_webhooks order by id');

describe('the lead webhook queue', () => {
  it('queues one job per full lead, with no personal data, and none for a partial lead until it is upgraded', async () => {
    const session = randomUUID();
    const partialId = randomUUID();
    await save({ id: partialId, session_id: session, name: null, email: 'ann@example.com', partial: true, flow_id: 'skin-funnel' });
    expect(await jobs()).toEqual([]);
    const fullId = randomUUID();
    const full = { id: fullId, session_id: session, name: 'Ann', email: 'ann@example.com', flow_id: 'skin-funnel' };
    await save(full);
    await save(full);
    expect(await jobs()).toEqual([{ lead_id: fullId, flow_id: 'skin-funnel' }]);
    const columns = await read<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'funnel_private' and table_name = 'lead_webhooks'",
    );
    expect(columns.map((c) => c.column_name)).not.toContain('email');
  });

  it('claims the lead for the worker’s flows only, then settles, and counts dead letters', async () => {
    const id = randomUUID();
    await save({
      id, session_id: randomUUID(), name: 'Bo', email: 'bo@example.com', flow_id: 'skin-funnel',
      answers: { age: 48 }, campaign: { utm_source: 'facebook' }, result: { skinAge: 52, hormonalLabel: 'High' },
    });
    const store = sqlLeadWebhookStore(db);
    const at = new Date();
    expect(await store.claim(10, 60, ['other-flow'], at)).toEqual([]);
    const [job] = await store.claim(10, 60, ['skin-funnel'], at);
    expect(job?.lead).toMatchObject({
      leadId: id, name: 'Bo', email: 'bo@example.com', answers: { age: 48 }, utm: { utm_source: 'facebook' },
      // The results kept with the lead travel with it (issue 27).
      result: { skinAge: 52, hormonalLabel: 'High' },
    });
    // Claimed: a second worker gets nothing until the lease lapses.
    expect(await store.claim(10, 60, ['skin-funnel'], at)).toEqual([]);
    await store.settle(job?.id ?? 0, { delivered: ['crm'], dead: ['sheet'], status: 410, retryAt: null }, at);
    expect(await store.claim(10, 60, ['skin-funnel'], new Date(at.getTime() + 120_000))).toEqual([]);
    const [counts] = await read<{ pending: string; dead_letters: string; delivered: string }>('select * from public.lead_webhook_counts()');
    // bigint: a number in PGlite, a string from PostgreSQL's driver.
    expect([counts?.pending, counts?.dead_letters, counts?.delivered].map(Number)).toEqual([0, 1, 1]);
    // npm run report's line.
    expect(await leadWebhookLine((sql, params) => read(sql, params), true)).toBe(
      'Lead webhooks: 1 delivered, 0 waiting, 1 dead-lettered (a sink refused a lead or ran out of retries: see the server log)',
    );
  });

  it('never sends a lead older than 3 days: a sink added later gets no backlog', async () => {
    const id = randomUUID();
    await save({ id, session_id: randomUUID(), name: 'Cy', email: 'cy@example.com', flow_id: 'skin-funnel' });
    const store = sqlLeadWebhookStore(db);
    const later = new Date(Date.now() + 3 * 86_400_000 + 60_000);
    expect(await store.claim(10, 60, ['skin-funnel'], later)).toEqual([]);
    expect((await store.claim(10, 60, ['skin-funnel'], new Date())).map((job) => job.lead?.leadId)).toEqual([id]);
  });

  it('is out of reach of the browser roles', async () => {
    for (const fn of ['lead_webhook_claim', 'lead_webhook_settle', 'lead_webhook_counts']) {
      const [row] = await read<{ allowed: boolean }>(
        `select bool_or(has_function_privilege('anon', p.oid, 'execute')) as allowed from pg_proc p where p.proname = $1`,
        [fn],
      );
      expect(row?.allowed, fn).toBe(false);
    }
    const [table] = await read<{ allowed: boolean }>(
      "select has_table_privilege('anon', 'funnel_private.lead_webhooks', 'select') as allowed",
    );
    expect(table?.allowed).toBe(false);
  });
});
