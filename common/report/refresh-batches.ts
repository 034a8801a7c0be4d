/**
 * Works the report's backlog off in bounded steps (funnel_report.refresh_batch, migration
 * 20261129004000): each call closes at most `batch` final sessions, so a database loaded with months of
 * step views and never refreshed moves into the aggregates with a progress line, not one statement of
 * unknown length.
 */
import type { Query } from './query.ts';

export interface RefreshProgress {
  closed: number;
  total: number;
}

export interface RefreshOptions {
  /** Sessions per batch (default 20,000). */
  batch?: number;
  /** Called after each batch that closed sessions. */
  onProgress?: (progress: RefreshProgress) => void;
  /** The moment sessions are judged idle at (default: the database's now()); for tests. */
  now?: string;
}

/** Refreshes until no final session remains; returns how many sessions it closed. */
export async function refreshInBatches(query: Query, options: RefreshOptions = {}): Promise<number> {
  const batch = options.batch ?? 20_000;
  let closed = 0;
  for (;;) {
    const [row] =
      options.now === undefined
        ? await query('select closed, remaining from funnel_report.refresh_batch($1)', [batch])
        : await query('select closed, remaining from funnel_report.refresh_batch($1, $2)', [
            batch,
            options.now,
          ]);
    const now = Number(row?.['closed'] ?? 0);
    const remaining = Number(row?.['remaining'] ?? 0);
    closed += now;
    if (now > 0) options.onProgress?.({ closed, total: closed + remaining });
    if (remaining === 0) return closed;
  }
}

/** "closing sessions: 120,000 of 300,000" */
export function progressLine(progress: RefreshProgress): string {
  return `closing sessions: ${progress.closed.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
}

/** When the aggregates were last brought up to date (null: never). */
export async function lastRefreshed(query: Query): Promise<Date | null> {
  const [row] = await query('select refreshed_at from funnel_report.refresh_state where id = 1', []);
  const at = row?.['refreshed_at'];
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at : new Date(String(at));
}
