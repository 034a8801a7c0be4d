/**
 * Vitest global setup of the unit run: makes (or finds) the migrated PGlite snapshot once, before any
 * test file starts, and names it in SNAPSHOT_ENV, which the test workers inherit: every in-memory
 * database of the run then starts from it (server/database.ts).
 */
import { SNAPSHOT_ENV } from './database.ts';
import { ensureSnapshot } from './pglite-snapshot.ts';

export default async function setup(): Promise<void> {
  const started = performance.now();
  const file = await ensureSnapshot();
  process.env[SNAPSHOT_ENV] = file;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`PGlite test databases start from ${file} (ready in ${seconds} s)`);
}
