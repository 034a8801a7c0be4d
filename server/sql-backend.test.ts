/**
 * The SQL tests really run where they say: on PGlite in the unit stage, and on a real PostgreSQL server
 * (not PGlite, which is Postgres compiled to WebAssembly) under vitest.postgres.config.ts. And a machine
 * without PostgreSQL gets a failure that says what to install, never a silent skip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinaries } from './postgres-server.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase, sqlBackend } from './test-database.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(() => db.close());

describe('the SQL test database', () => {
  it(`is the engine this run names (${sqlBackend()})`, async () => {
    const [row] = (await db.query<{ version: string }>('select version()')).rows;
    if (sqlBackend() === 'postgres') expect(row?.version).toMatch(/^PostgreSQL 1\d\.\d+ \(Debian/);
    else expect(row?.version).toMatch(/emscripten|wasm/i);
  });

  it('names what to install when no PostgreSQL server is found', () => {
    expect(() => postgresBinaries({ PG_BIN: '/nonexistent/bin' })).toThrow(
      /holds no initdb: install Debian's PostgreSQL server \(`apt-get install -y postgresql`/,
    );
  });
});
