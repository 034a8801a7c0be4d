/**
 * Helpers for SQL tests that act as the browser's roles on the test database (PGlite or PostgreSQL) (see schema.test.ts):
 * statements run as a role the way PostgREST runs them, RPCs take named jsonb arguments, and a failing
 * statement's Postgres error can be inspected.
 */
import type { SqlDatabase } from './sql-database.ts';

export type Args = Record<string, unknown>;

export interface PgFailure {
  code: unknown;
  message: string;
  detail: unknown;
}

export interface SqlKit {
  /** Runs one statement as a browser role, as PostgREST does: `set local role` inside a transaction. */
  asRole<T>(role: string, sql: string, params?: unknown[]): Promise<T[]>;
  /** Calls `public.<fn>` with named jsonb arguments (as anon unless told); undefined is passed as SQL null. */
  rpc(fn: string, args: Args, role?: string): Promise<unknown>;
  /** Reads as the superuser, outside any role switch. */
  read<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export function sqlKit(db: () => SqlDatabase): SqlKit {
  const asRole: SqlKit['asRole'] = (role, sql, params = []) =>
    db().transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return (await tx.query<never>(sql, params)).rows;
    });
  return {
    asRole,
    async rpc(fn, args, role = 'anon') {
      const entries = Object.entries(args);
      const named = entries.map(([key], index) => `${key} => $${index + 1}::jsonb`).join(', ');
      const params = entries.map(([, value]) => (value === undefined ? null : JSON.stringify(value)));
      const rows = await asRole<{ result: unknown }>(role, `select public.${fn}(${named}) as result`, params);
      return rows[0]?.result;
    },
    async read(sql, params = []) {
      return (await db().query<never>(sql, params)).rows;
    },
  };
}

/** The Postgres error a statement fails with; throws when it succeeds. */
export async function failure(promise: Promise<unknown>): Promise<PgFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && 'code' in error) {
      return { code: error.code, message: error.message, detail: 'detail' in error ? error.detail : undefined };
    }
    throw error;
  }
  throw new Error('expected the statement to fail, but it succeeded');
}

/**
 * The same report computed directly from the rows: each report reader's `_direct` twin (the function as
 * it was before the per-day aggregates), for tests that compare the two.
 */
export function directQuery<Q extends (sql: string, params: unknown[]) => unknown>(query: Q): Q {
  return ((sql: string, params: unknown[]) =>
    query(
      sql.replace(
        /funnel_report\.(screen_figures|arm_conversions|conversions_by|multiple_exposures)\(/g,
        'funnel_report.$1_direct(',
      ),
      params,
    )) as Q;
}
