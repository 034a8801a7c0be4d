/**
 * The meta-capi edge function's handler as a `deno serve` module (`export default { fetch }`): index.ts
 * serves it on Supabase, and server/queue-functions-deno.test.ts runs `deno serve` on it. It delivers
 * queued Conversions API events: each call runs one delivery pass with the shared code
 * (../_shared/meta-capi.ts) over the service-role RPCs meta_claim_events / meta_settle_event. Schedule it
 * every minute (Supabase Cron → HTTP request with the service role key). Env: META_PIXEL_ID,
 * META_ACCESS_TOKEN, META_GRAPH_URL (optional), and Supabase's own
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY. Without a pixel id and token it sends nothing.
 */
import {
  deliverDueEvents,
  metaCapiConfig,
  type MetaEventStore,
  type QueuedMetaEvent,
} from '../_shared/meta-capi.ts';
import { serviceRpc } from '../_shared/service-rpc.ts';

const env = (name: string) => Deno.env.get(name);

function restStore(url: string, key: string): MetaEventStore {
  const call = serviceRpc(url, key);
  return {
    async claim(max, leaseSeconds, at) {
      const rows = await call('meta_claim_events', {
        max_rows: max,
        lease_seconds: leaseSeconds,
        at: at.toISOString(),
      });
      return Array.isArray(rows) ? rows.filter(isQueued) : [];
    },
    async settle(id, outcome, at) {
      await call('meta_settle_event', {
        event_row: id,
        delivered: outcome.delivered,
        status: outcome.status,
        retry_at: outcome.retryAt?.toISOString() ?? null,
        at: at.toISOString(),
      });
    },
  };
}

function isQueued(row: unknown): row is QueuedMetaEvent {
  return (
    !!row &&
    typeof row === 'object' &&
    'id' in row &&
    typeof row.id === 'number' &&
    'payload' in row &&
    !!row.payload &&
    typeof row.payload === 'object' &&
    'attempts' in row &&
    typeof row.attempts === 'number'
  );
}

export default {
  fetch: async () => {
    const config = metaCapiConfig(env);
    const url = env('SUPABASE_URL');
    const key = env('SUPABASE_SERVICE_ROLE_KEY');
    if (!config || !url || !key) return Response.json({ delivered: 0, failed: 0, configured: false });
    const report = await deliverDueEvents({
      store: restStore(url, key),
      config,
      fetch,
      log: (m) => console.warn(m),
    });
    return Response.json(report);
  },
} satisfies Deno.ServeDefaultExport;
