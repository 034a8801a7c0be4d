/**
 * The migrated snapshot SQL test databases start from: the same schema as migrating from the files,
 * named by what it is made of, loaded by openDatabase when SNAPSHOT_ENV names it, and topped up with
 * any migration it lacks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, openDatabase, readMigrations, SNAPSHOT_ENV } from './database.ts';
import { ensureSnapshot, migrationsHash } from './pglite-snapshot.ts';

const dir = mkdtempSync(join(tmpdir(), 'pglite-snapshot-'));
const before = process.env[SNAPSHOT_ENV];
afterEach(() => {
  if (before === undefined) delete process.env[SNAPSHOT_ENV];
  else process.env[SNAPSHOT_ENV] = before;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every table, function (with its arguments) and policy of the app's schemas, and the recorded migrations. */
async function shape(db: PGlite): Promise<unknown> {
  const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
  return {
    tables: await rows(
      "select schemaname, tablename, rowsecurity from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
    ),
    functions: await rows(
      "select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, md5(p.prosrc) as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2, 3",
    ),
    policies: await rows('select schemaname, tablename, policyname from pg_policies order by 1, 2, 3'),
    migrations: await rows(
      'select version, name from supabase_migrations.schema_migrations order by version',
    ),
  };
}

async function snapshotOf(db: PGlite, name: string): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  return file;
}

describe('the migrated snapshot', () => {
  it('holds the same schema as a database migrated from the files', async () => {
    const file = await ensureSnapshot(join(dir, 'cache'));
    expect(await ensureSnapshot(join(dir, 'cache')), 'made once, then found').toBe(file);
    const fromFiles = await openDatabase({ migrations: readMigrations() });
    const fromSnapshot = await PGlite.create({
      loadDataDir: new Blob([readFileSync(file)]),
    });
    try {
      const expected = await shape(fromFiles);
      expect(await shape(fromSnapshot)).toEqual(expected);
      expect((expected as { migrations: unknown[] }).migrations).toHaveLength(readMigrations().length);
    } finally {
      await fromFiles.close();
      await fromSnapshot.close();
    }
  }, 120_000);

  it('is named by the migrations: one changed migration is another snapshot', () => {
    const migrations = readMigrations();
    const last = migrations.at(-1);
    if (!last) throw new Error('no migrations');
    expect(migrationsHash(migrations)).toBe(migrationsHash(readMigrations()));
    expect(
      migrationsHash([...migrations.slice(0, -1), { ...last, sql: `${last.sql}\n-- changed` }]),
    ).not.toBe(migrationsHash(migrations));
  });

  it('is what openDatabase starts from when SNAPSHOT_ENV names it, and the migrations it lacks are applied', async () => {
    const migrations = readMigrations();
    const seed = await PGlite.create();
    try {
      await applyMigrations(seed, migrations.slice(0, -1));
      await seed.exec('create table public.made_in_the_snapshot (id int)');
      process.env[SNAPSHOT_ENV] = await snapshotOf(seed, 'partial.tar');
    } finally {
      await seed.close();
    }
    const db = await openDatabase();
    try {
      const marker = await db.query("select to_regclass('public.made_in_the_snapshot') is not null as there");
      expect(marker.rows).toEqual([{ there: true }]);
      const recorded = await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(recorded.rows.map((row) => row.version)).toEqual(
        migrations.map((migration) => migration.version),
      );
    } finally {
      await db.close();
    }
    // A folder that already holds a database is opened as it is, never overwritten by the snapshot.
    const folder = join(dir, 'existing');
    const first = await openDatabase({ dataDir: folder, migrations });
    await first.exec('create table public.kept (id int)');
    await first.close();
    const again = await openDatabase({ dataDir: folder });
    try {
      expect((await again.query("select to_regclass('public.kept') is not null as there")).rows).toEqual([
        { there: true },
      ]);
      expect(
        (await again.query("select to_regclass('public.made_in_the_snapshot') is null as absent")).rows,
      ).toEqual([{ absent: true }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
