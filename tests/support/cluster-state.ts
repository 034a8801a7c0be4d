import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PostgreSQL's DBState names (src/include/catalog/pg_control.h), as pg_controldata prints them. Debian's
 * pg_controldata is PostgreSQL 15's and PGlite 0.5 is PostgreSQL 18 (pg_control version 1800), whose
 * layout it refuses; the state is read from the file itself: ControlFileData starts with the 64-bit
 * system identifier, the 32-bit pg_control and catalog versions, then the 32-bit state (offset 16).
 */
const DB_STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
];

/** The state pg_control records for a PGlite data folder, in pg_controldata's words. */
export function clusterState(dataDir: string): string {
  const control = readFileSync(join(dataDir, 'global', 'pg_control'));
  const version = control.readUInt32LE(8);
  // Another layout would make offset 16 mean something else: fail loudly rather than guess.
  if (version !== 1800) throw new Error(`pg_control version ${version}: this reader knows PostgreSQL 18's (1800)`);
  return DB_STATES[control.readInt32LE(16)] ?? `unknown state ${control.readInt32LE(16)}`;
}
