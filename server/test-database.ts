/**
 * The database a SQL test runs against: PGlite in memory (the default, as `npm start` uses), or, under
 * vitest.postgres.config.ts, a fresh database on the real PostgreSQL server that
 * server/postgres-global-setup.ts started, copied from a template with every migration applied.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './database.ts';
import { pgDatabase } from './pg-database.ts';
import type { SqlDatabase } from './sql-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the real server's `postgres` database ('' when the run is on PGlite). */
    postgresUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'funnel_template';

/** Which engine this run's SQL tests use, for test names and messages. */
export const sqlBackend = (): 'postgres' | 'pglite' =>
  process.env['FUNNEL_SQL_BACKEND'] === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database with every migration applied. */
export async function openTestDatabase(): Promise<SqlDatabase> {
  return (await openTestDatabases(1))[0] as SqlDatabase;
}

/**
 * `count` connections to one fresh database, for tests of concurrent sessions: on PostgreSQL each is its
 * own server session; PGlite has one session, so there they are the same connection (statements queue).
 */
export async function openTestDatabases(count: number): Promise<SqlDatabase[]> {
  if (sqlBackend() === 'pglite') {
    const db = await openDatabase();
    let open = count;
    const shared: SqlDatabase = {
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      close: async () => {
        open -= 1;
        if (open === 0) await db.close();
      },
    };
    return Array.from({ length: count }, () => shared);
  }
  const url = inject('postgresUrl');
  if (!url) throw new Error('FUNNEL_SQL_BACKEND=postgres, but no server was started (run with vitest.postgres.config.ts)');
  const admin = await pgDatabase(url);
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  try {
    await admin.exec(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.close();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return Promise.all(Array.from({ length: count }, () => pgDatabase(target.toString())));
}

/**
 * A fresh database with no migration applied (PGlite in memory, or an empty database on the real
 * server), for tests that apply the migrations in steps: rows written the old way, then the rest.
 */
export async function openEmptyTestDatabase(): Promise<SqlDatabase> {
  if (sqlBackend() === 'pglite') return PGlite.create();
  const url = inject('postgresUrl');
  if (!url) throw new Error('FUNNEL_SQL_BACKEND=postgres, but no server was started (run with vitest.postgres.config.ts)');
  const admin = await pgDatabase(url);
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  try {
    await admin.exec(`create database ${name}`);
  } finally {
    await admin.close();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return pgDatabase(target.toString());
}
