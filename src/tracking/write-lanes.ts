/**
 * Which backend writes depend on each other, for the outbox's lanes (outbox.ts `laneOf`). A session's
 * lead (save_quiz_completion, partial or full) and the writes that update that row (record_final_click
 * marks it clicked, record_ad_consent settles its consent) go in order in one lane: an update sent
 * before its record would find nothing to update. Every other write (step views, journey steps,
 * progress, exposures) stands alone, keyed by its id, so a lead whose answer is lost never holds them.
 */
import type { OutboxEntry } from './outbox-storage.ts';

const LEAD_WRITES: ReadonlySet<string> = new Set(['save_quiz_completion', 'record_final_click', 'record_ad_consent']);

export function writeLane(entry: OutboxEntry): string {
  if (!LEAD_WRITES.has(entry.fn)) return `alone:${entry.id}`;
  const session = entry.args['session_id'];
  return `lead:${typeof session === 'string' ? session : ''}`;
}
