/**
 * The slice of a database connection the server code and the SQL tests use, met by PGlite as it is and
 * by a real PostgreSQL connection through `pgDatabase` (server/pg-database.ts), so the same tests run on
 * both (production parity: Supabase runs real PostgreSQL).
 */
export interface SqlResults<T> {
  rows: T[];
}

export interface SqlTransaction {
  query<T>(sql: string, params?: unknown[]): Promise<SqlResults<T>>;
  exec(sql: string): Promise<unknown>;
  rollback(): Promise<void>;
}

export interface SqlDatabase {
  query<T>(sql: string, params?: unknown[]): Promise<SqlResults<T>>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<unknown>;
  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws or calls rollback(). */
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
