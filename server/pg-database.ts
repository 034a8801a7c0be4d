/**
 * A real PostgreSQL connection (node-postgres) behind the same interface as PGlite (SqlDatabase). Like
 * PGlite, it runs one thing at a time: a transaction holds the connection until it ends, and values come
 * back typed the way PGlite types them (bigint and numeric as numbers), so a test passes or fails for the
 * SQL's sake, not the driver's.
 */
import pg from 'pg';
import type { SqlDatabase, SqlTransaction } from './sql-database.ts';

const INT8 = 20;
const NUMERIC = 1700;

/** Parsers that match PGlite's: int8 and numeric as JavaScript numbers. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return format === undefined ? pg.types.getTypeParser(oid) : pg.types.getTypeParser(oid, format);
  },
};

export async function pgDatabase(connectionString: string): Promise<SqlDatabase> {
  const client = new pg.Client({ connectionString, types });
  await client.connect();
  // One caller at a time, as PGlite: a query waits for a transaction in progress to end.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const query = async <T>(sql: string, params: unknown[] = []) => ({
    rows: (await client.query<T & pg.QueryResultRow>(sql, params)).rows,
  });
  return {
    query: (sql, params) => serial(() => query(sql, params)),
    exec: (sql) => serial(() => client.query(sql)),
    transaction: (fn) =>
      serial(async () => {
        let open = true;
        const tx: SqlTransaction = {
          query: (sql, params) => query(sql, params),
          exec: (sql) => client.query(sql),
          async rollback() {
            open = false;
            await client.query('rollback');
          },
        };
        await client.query('begin');
        try {
          const result = await fn(tx);
          if (open) await client.query('commit');
          return result;
        } catch (error) {
          if (open) await client.query('rollback');
          throw error;
        }
      }),
    close: () => client.end(),
  };
}
