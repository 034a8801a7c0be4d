/**
 * The backend's RPC client: only the PostgREST part of the supabase-js family (@supabase/postgrest-js,
 * about 6 KB gzip instead of supabase-js's 54 KB with auth, realtime and storage, none of which the
 * funnel uses). It sends what supabase-js sends for `.rpc()`: `POST <url>/rest/v1/rpc/<fn>` with the
 * `apikey` and `Authorization: Bearer <anon key>` headers. Imported on first use, so it is never part
 * of a screen's code.
 */
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { BackendConfig } from './backend-config.ts';

/** What the RPC sender needs of the client. */
export type RpcClient = Pick<PostgrestClient, 'rpc'>;

/** Loads postgrest-js and makes a client for the backend. `fetch` is for tests. */
export async function loadRpcClient(config: BackendConfig, fetch?: typeof globalThis.fetch): Promise<RpcClient> {
  const { PostgrestClient } = await import('@supabase/postgrest-js');
  return new PostgrestClient(`${config.url}/rest/v1`, {
    headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
    ...(fetch ? { fetch } : {}),
  });
}
