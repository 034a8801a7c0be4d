/**
 * The purchases endpoint as the local server mounts it (`POST /functions/v1/purchases`): the same shared
 * handler as the edge function (supabase/functions/_shared/purchases.ts), storing through the same
 * service-role RPC, called directly on the local database.
 */
import {
  createPurchasesHandler,
  purchasesConfig,
  PurchaseRefused,
  type PurchaseStore,
  type RecordOutcome,
} from '../supabase/functions/_shared/purchases.ts';
import { callRpc } from './rpc.ts';
import type { SqlDatabase } from './sql-database.ts';

export function sqlPurchaseStore(database: () => Promise<SqlDatabase>): PurchaseStore {
  return async (entry) => {
    const answer = await callRpc(await database(), 'record_purchase', { entry }, 'service_role');
    const body = answer.body as { message?: string } | undefined;
    if (answer.status === 400) throw new PurchaseRefused(400, body?.message ?? 'the entry was refused');
    if (answer.status >= 300) throw new Error(`record_purchase answered ${answer.status} (${body?.message ?? ""})`);
    return answer.body as RecordOutcome;
  };
}

export function localPurchases(
  database: () => Promise<SqlDatabase>,
  env: Record<string, string | undefined> = process.env,
): (request: Request) => Promise<Response> {
  const handler = createPurchasesHandler({ config: purchasesConfig((name) => env[name]), store: sqlPurchaseStore(database) });
  return handler;
}
