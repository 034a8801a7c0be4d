/**
 * Simulated purchases for the demo report (`npm run report -- --demo`): some leads buy on the sales page,
 * a few ask for a refund, and a few buyers come back unmatched (another device, no reference). Each goes
 * through public.record_purchase, the endpoint's own store, so matching, arms and revision are real.
 * The "control" arm's leads buy more often and larger baskets: it wins on revenue per visitor while
 * losing on lead rate, the case a revenue goal exists for.
 */
import type { SqlDatabase } from '../../server/sql-database.ts';
import { seededRandom } from './seeded-random.ts';

const PRICES = [4900, 8900, 12900];

export async function insertDemoPurchases(db: SqlDatabase, seed = 2026): Promise<number> {
  const random = seededRandom(seed + 45);
  const { rows } = await db.query<{ session_id: string; variants: Record<string, { variant?: string }> | null; at: number }>(
    `select session_id::text, variants, extract(epoch from submitted_at)::integer as at
     from public.quiz_completions where not partial order by submitted_at, id`,
  );
  const entries: Record<string, unknown>[] = [];
  for (const [index, lead] of rows.entries()) {
    const arms = Object.values(lead.variants ?? {}).map((v) => v.variant);
    const control = arms.includes('control');
    if (random() >= (control ? 0.3 : 0.12)) continue;
    const price = PRICES[Math.floor(random() * PRICES.length) + (control && random() < 0.5 ? 1 : 0)] ?? 12900;
    const at = lead.at + 600 + Math.floor(random() * 7200);
    const switched = random() < 0.06;
    const order = `demo-order-${index}`;
    entries.push({
      source: 'postback', delivery_id: order, signed_at: at, external_id: order, kind: 'purchase',
      amount_minor: price, currency: 'USD', purchased_at: at, payment_ref: order,
      ...(switched ? {} : { reference: lead.session_id }),
    });
    if (random() < 0.05) {
      entries.push({
        source: 'postback', delivery_id: `${order}-refund`, signed_at: at + 86_400, external_id: `${order}-refund`,
        kind: 'refund', amount_minor: price, currency: 'USD', purchased_at: at + 86_400, refund_of: order,
      });
    }
  }
  await db.query('select public.record_purchase(e) from jsonb_array_elements($1::jsonb) e', [JSON.stringify(entries)]);
  return entries.length;
}
