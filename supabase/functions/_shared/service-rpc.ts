/**
 * A call to a database RPC function through Supabase's REST API with the service role key, for the edge
 * functions that work a server-side queue (meta-capi, lead-webhooks). Throws on a non-2xx answer.
 */
export type ServiceRpc = (fn: string, args: Record<string, unknown>) => Promise<unknown>;

export function serviceRpc(url: string, key: string): ServiceRpc {
  return async (fn, args) => {
    const response = await fetch(`${url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!response.ok) throw new Error(`${fn} answered ${response.status}`);
    return response.status === 204 ? null : response.json();
  };
}
