/**
 * The local server's report refresh (issue 46 point 2): every few minutes it moves final sessions into
 * the report's per-day aggregates, in bounded batches (funnel_report.refresh_batch), so `npm run report`
 * against the local database finds them current, as pg_cron keeps them on Supabase. One run at a time
 * (the next is timed from the end of the last), an unref'd timer (it never keeps the process alive), and
 * stop() waits for a run in progress before the database closes. Errors are logged by their code and
 * message only: the refresh reads no personal data, and its errors name none.
 */
import { refreshInBatches } from '../common/report/refresh-batches.ts';

export interface ReportRefresherOptions {
  /** Between the end of one run and the start of the next (default five minutes; tests shorten it). */
  intervalMs?: number;
  /** Sessions per batch (default 2,000: each batch holds the single-connection database briefly). */
  batch?: number;
  /** Where an error goes (default console.error). */
  log?: (line: string) => void;
}

export interface ReportRefresher {
  /** How many runs have finished (with or without an error). */
  readonly runs: number;
  /** How many sessions the runs closed in all. */
  readonly closed: number;
  stop(): Promise<void>;
}

/** PGlite, or any database that answers a query with its rows. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export const REPORT_REFRESH_INTERVAL_MS = 5 * 60_000;

export function startReportRefresher(
  database: () => Promise<Queryable>,
  options: ReportRefresherOptions = {},
): ReportRefresher {
  const intervalMs = options.intervalMs ?? REPORT_REFRESH_INTERVAL_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  let runs = 0;
  let closed = 0;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const run = async () => {
    try {
      const db = await database();
      closed += await refreshInBatches(
        async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
        { batch: options.batch ?? 2000 },
      );
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : 'unknown error';
      log(`report refresh failed${typeof code === 'string' ? ` (${code})` : ''}: ${message}`);
    } finally {
      runs += 1;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    get runs() {
      return runs;
    },
    get closed() {
      return closed;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
