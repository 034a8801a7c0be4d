/**
 * The report's line on lead webhooks (issue 31): leads waiting for a sink, and dead letters (a sink
 * that refused a lead or ran out of retries), so a broken receiver is seen, not silently lost.
 */
import type { Query } from './read-figures.ts';

/** One line, or null when the flow names no sink and nothing was ever queued for one. */
export async function leadWebhookLine(query: Query, flowHasSinks: boolean): Promise<string | null> {
  const [row] = await query('select pending, dead_letters, delivered from public.lead_webhook_counts()', []);
  const count = (value: unknown) => Number(value ?? 0);
  const pending = count(row?.pending);
  const dead = count(row?.dead_letters);
  const delivered = count(row?.delivered);
  if (!flowHasSinks && dead === 0 && delivered === 0) return null;
  const line = `Lead webhooks: ${delivered} delivered, ${pending} waiting, ${dead} dead-lettered`;
  return dead > 0 ? `${line} (a sink refused a lead or ran out of retries: see the server log)` : line;
}
