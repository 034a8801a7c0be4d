/**
 * One migrated PGlite database per set of migrations, made once and kept as a tarball (PGlite's own
 * `dumpDataDir`), so each SQL test database starts from it in well under a second instead of applying
 * every migration again (about 10 s each on the 2-core machine). The file is named by a hash of the roles
 * SQL, every migration and PGlite's version, in node_modules/.cache (never committed): a changed
 * migration makes a new one. vitest.config.ts's global setup makes it and names it in SNAPSHOT_ENV.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, readMigrations, type Migration } from './database.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const SNAPSHOT_DIR = resolve(here, '../node_modules/.cache/pglite-snapshot');

/** The hash of what a migrated database is made of: the roles, each migration, PGlite's version. */
export function migrationsHash(migrations: Migration[] = readMigrations()): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(here, 'supabase-roles.sql')));
  const pglite = JSON.parse(
    readFileSync(resolve(here, '../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version?: string };
  hash.update(`pglite ${pglite.version ?? 'unknown'}\n`);
  for (const migration of migrations)
    hash.update(`${migration.version}_${migration.name}\n${migration.sql}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The snapshot file of the current migrations, made when it is missing (written under another name
 * and renamed, so a reader never sees half a file); older snapshots in the folder are removed.
 */
export async function ensureSnapshot(dir: string = SNAPSHOT_DIR): Promise<string> {
  const migrations = readMigrations();
  const file = join(dir, `${migrationsHash(migrations)}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  // Migrations passed explicitly: the snapshot is made from the files, never from an older snapshot.
  const db = await openDatabase({ migrations });
  try {
    const dump = await db.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  for (const name of readdirSync(dir))
    if (join(dir, name) !== file && name.endsWith('.tar')) rmSync(join(dir, name), { force: true });
  return file;
}
