/**
 * The local database: PGlite (Postgres compiled to WebAssembly) running the very migrations that
 * production runs on Supabase. In memory for tests; in a git-ignored folder for `npm start`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase } from './sql-database.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = resolve(here, '../supabase/migrations');
const ROLES_SQL = join(here, 'supabase-roles.sql');

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** The migration files in the order Supabase applies them (by their timestamp prefix). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_');
      return { version, name: rest.join('_'), sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/**
 * Sets up Supabase's roles (on a fresh database) and applies every migration not applied yet, each in its own transaction,
 * recording it as the Supabase CLI does. The same on PGlite and on a real PostgreSQL server.
 */
export async function applyMigrations(db: SqlDatabase, migrations: Migration[] = readMigrations()): Promise<void> {
  // The roles and default privileges a Supabase project starts with, before its first migration only:
  // run again on a migrated database, they would hand what the migrations took back to anon again.
  const { rows } = await db.query<{ fresh: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is null as fresh",
  );
  if (rows[0]?.fresh !== false) await db.exec(readFileSync(ROLES_SQL, 'utf8'));
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text);
  `);
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (row) => row.version,
    ),
  );
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.version}_${migration.name}.sql failed: ${String(error)}`, {
          cause: error,
        });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
  }
}

/**
 * The environment variable naming a migrated snapshot (a tarball of PGlite's `dumpDataDir`) that a new
 * database starts from instead of applying every migration: test runs make it once
 * (server/pglite-snapshot.ts). Unset (npm start), every database is migrated from the files.
 */
export const SNAPSHOT_ENV = 'FUNNEL_PGLITE_SNAPSHOT';

/** The snapshot a database new to this process may start from, when one is named and there. */
function snapshotFor(options: { dataDir?: string; migrations?: Migration[] }): Blob | undefined {
  const file = process.env[SNAPSHOT_ENV];
  if (!file || options.migrations !== undefined || !existsSync(file)) return undefined;
  if (options.dataDir !== undefined && existsSync(join(options.dataDir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(file)]);
}

/**
 * Opens the database (`dataDir` undefined = in memory), sets up Supabase's roles and applies every
 * migration not applied yet, each in its own transaction, recording it as the Supabase CLI does. A new
 * database starts from the migrated snapshot when SNAPSHOT_ENV names one (the migrations it lacks, if
 * any, are applied after it all the same).
 */
export async function openDatabase(
  options: { dataDir?: string; migrations?: Migration[] } = {},
): Promise<PGlite> {
  // PGlite creates its own folder but not the ones above it (a fresh clone has no `.data/`).
  if (options.dataDir !== undefined) mkdirSync(dirname(resolve(options.dataDir)), { recursive: true });
  const snapshot = snapshotFor(options);
  const db = await PGlite.create({ dataDir: options.dataDir, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  try {
    await applyMigrations(db, options.migrations);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
