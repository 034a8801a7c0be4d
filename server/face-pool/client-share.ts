/**
 * Each client's share of the analysis pool (issue 42): how many jobs one client (address) may have in
 * the pool at once, and which waiting job a free worker takes next: the one of the client served
 * least recently, so a few clients looping uploads cannot queue everyone else's photos behind theirs.
 */

/** Jobs one client may have in the pool at once, analysed or waiting; the next is answered 503 at once. */
export const MAX_JOBS_PER_CLIENT = 2;

/** Clients remembered for the order of service; the least recent are forgotten first. */
const REMEMBERED = 1_024;

export interface ClientShare {
  /** Counts a job of `client` in, or returns false when it has its share already. '' is never limited. */
  admit(client: string): boolean;
  /** Counts a job of `client` out (answered, failed or given up). */
  release(client: string): void;
  /** Index in `waiting` of the job a free worker takes (-1 when empty), and marks its client served. */
  pick(waiting: readonly { client: string }[]): number;
}

export function clientShare(maxJobsPerClient: number = MAX_JOBS_PER_CLIENT): ClientShare {
  const jobsOf = new Map<string, number>();
  /** Clients by when a worker last took one of their jobs, least recent first. */
  const served = new Map<string, number>();
  let serveCount = 0;
  return {
    admit(client) {
      if (client === '') return true;
      const jobs = jobsOf.get(client) ?? 0;
      if (jobs >= maxJobsPerClient) return false;
      jobsOf.set(client, jobs + 1);
      return true;
    },
    release(client) {
      if (client === '') return;
      const left = (jobsOf.get(client) ?? 1) - 1;
      if (left > 0) jobsOf.set(client, left);
      else jobsOf.delete(client);
    },
    pick(waiting) {
      let best = -1;
      let bestServed = Infinity;
      waiting.forEach((entry, index) => {
        // Never served: -1, first; ties keep the order of arrival.
        const last = served.get(entry.client) ?? -1;
        if (last < bestServed) {
          best = index;
          bestServed = last;
        }
      });
      const client = waiting[best]?.client;
      if (client !== undefined) {
        served.delete(client);
        served.set(client, ++serveCount);
        if (served.size > REMEMBERED) served.delete(served.keys().next().value ?? '');
      }
      return best;
    },
  };
}
