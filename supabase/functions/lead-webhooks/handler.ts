/**
 * The lead-webhooks edge function's handler as a `deno serve` module (`export default { fetch }`): index.ts
 * serves it on Supabase, and server/queue-functions-deno.test.ts runs `deno serve` on it. It delivers
 * queued leads to the flow's lead sinks: each call runs one delivery pass with the shared code
 * (../_shared/lead-webhooks.ts) over the service-role RPCs lead_webhook_claim / lead_webhook_settle.
 * Schedule it every minute (Supabase Cron → HTTP request with the service role key).
 *
 * Env: FLOW (the flow file, as for analyze-face: shipped with the function, see the README's deploy
 * section), LEAD_SINK_<NAME>_URL and LEAD_SINK_<NAME>_SECRET for each sink the flow names, optional
 * LEAD_SINK_RETRY_BASE_MS / _MAX_MS / _MAX_ATTEMPTS, and Supabase's own SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY. LEAD_SINKS_ALLOW_LOOPBACK is for tests on one machine: never set it here.
 *
 * Every address a sink's host resolves to (A and AAAA) is checked before the request; fetch does not
 * follow redirects. (Deno's fetch resolves the name again itself; the local worker pins the address.)
 */
import {
  deliverDueLeads,
  fetchTransport,
  flowLeadSinks,
  leadWebhooksConfig,
  type LeadWebhookStore,
  type QueuedLead,
} from '../_shared/lead-webhooks.ts';
import { readFunctionFlow } from '../_shared/function-flow.ts';
import { serviceRpc } from '../_shared/service-rpc.ts';

const env = (name: string) => Deno.env.get(name);
const flow = await readFunctionFlow(env('FLOW'), (url) => Deno.readTextFile(url));

function restStore(url: string, key: string): LeadWebhookStore {
  const call = serviceRpc(url, key);
  return {
    async claim(max, leaseSeconds, flowIds, at) {
      const rows = await call('lead_webhook_claim', {
        max_rows: max,
        lease_seconds: leaseSeconds,
        flow_ids: flowIds,
        at: at.toISOString(),
      });
      return Array.isArray(rows) ? rows.flatMap(queued) : [];
    },
    async settle(id, outcome, at) {
      await call('lead_webhook_settle', {
        job: id,
        delivered: outcome.delivered,
        dead: outcome.dead,
        status: outcome.status,
        retry_at: outcome.retryAt?.toISOString() ?? null,
        at: at.toISOString(),
      });
    },
  };
}

function queued(row: unknown): QueuedLead[] {
  if (!row || typeof row !== 'object') return [];
  const { id, attempts, done_sinks: done, lead } = Object.fromEntries(Object.entries(row));
  if (typeof id !== 'number' || typeof attempts !== 'number' || !Array.isArray(done)) return [];
  const parsed =
    lead && typeof lead === 'object' && 'leadId' in lead && typeof lead.leadId === 'string'
      ? { ...lead, leadId: lead.leadId, ...pick(lead) }
      : null;
  return [{ id, attempts, doneSinks: done.filter((s): s is string => typeof s === 'string'), lead: parsed }];
}

function pick(lead: object): { sessionId: string | null; flowId: string | null } {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    sessionId: 'sessionId' in lead ? text(lead.sessionId) : null,
    flowId: 'flowId' in lead ? text(lead.flowId) : null,
  };
}

async function resolve(host: string): Promise<string[]> {
  const [v4, v6] = await Promise.all([
    Deno.resolveDns(host, 'A').catch(() => []),
    Deno.resolveDns(host, 'AAAA').catch(() => []),
  ]);
  return [...v4, ...v6];
}

const sinks = flowLeadSinks(flow);
const { config, problems } = leadWebhooksConfig(env, sinks ? [sinks] : []);
for (const problem of problems) console.warn(`Lead webhooks: ${problem}`);

export default {
  fetch: async () => {
    const url = env('SUPABASE_URL');
    const key = env('SUPABASE_SERVICE_ROLE_KEY');
    if (!config || !url || !key)
      return Response.json({ delivered: 0, retried: 0, dead: 0, configured: false });
    const report = await deliverDueLeads({
      store: restStore(url, key),
      config,
      transport: fetchTransport(fetch),
      resolve,
      log: (message) => console.warn(message),
    });
    return Response.json(report);
  },
} satisfies Deno.ServeDefaultExport;
