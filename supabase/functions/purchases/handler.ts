/**
 * The purchases edge function's handler as a `deno serve` module (`export default { fetch }`): index.ts
 * serves it on Supabase, and server/purchases-deno.test.ts runs `deno serve` on it. It receives Stripe
 * webhooks and signed postbacks (../_shared/purchases.ts says how each is verified) and stores each entry
 * once through the service-role RPC record_purchase.
 *
 * Env: STRIPE_WEBHOOK_SECRET (the endpoint's signing secret, whsec_…), PURCHASE_POSTBACK_SECRET (the
 * secret shared with any other shop), and Supabase's own SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.
 * Deploy it with --no-verify-jwt: Stripe and shops call it without a Supabase key; the signature is
 * what it trusts.
 */
import { createPurchasesHandler, purchasesConfig, PurchaseRefused, type PurchaseStore } from '../_shared/purchases.ts';

const env = (name: string) => Deno.env.get(name);

function restStore(url: string, key: string): PurchaseStore {
  return async (entry) => {
    const response = await fetch(`${url}/rest/v1/rpc/record_purchase`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entry }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 400 && body && typeof body === 'object' && 'message' in body)
      throw new PurchaseRefused(400, String(body.message));
    if (!response.ok) throw new Error(`record_purchase answered ${response.status}`);
    return body as Awaited<ReturnType<PurchaseStore>>;
  };
}

export default {
  fetch: async (request: Request) => {
    const url = env('SUPABASE_URL');
    const key = env('SUPABASE_SERVICE_ROLE_KEY');
    if (!url || !key) return Response.json({ error: 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are not set' }, { status: 503 });
    return createPurchasesHandler({ config: purchasesConfig(env), store: restStore(url, key) })(request);
  },
} satisfies Deno.ServeDefaultExport;
