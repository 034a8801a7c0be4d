/**
 * The on-disk database `npm start` uses: on a fresh clone its folder and the ones above it don't exist
 * yet, and a second start finds every migration applied and the data still there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, readMigrations } from './database.ts';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('openDatabase on disk', () => {
  it('creates missing parent folders, and reopens with the migrations applied once and the rows kept', async () => {
    const root = mkdtempSync(join(tmpdir(), 'funnel-db-'));
    folders.push(root);
    const dataDir = join(root, 'fresh-clone', '.data', 'local-db');

    const first = await openDatabase({ dataDir });
    await first.query(`insert into public.user_journey_sessions (session_id) values ('11111111-1111-4111-8111-111111111111')`);
    await first.close();

    const second = await openDatabase({ dataDir });
    const applied = await second.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by 1');
    expect(applied.rows.map((row) => row.version)).toEqual(readMigrations().map((migration) => migration.version));
    const rows = await second.query('select session_id from public.user_journey_sessions');
    expect(rows.rows).toHaveLength(1);
    await second.close();
  }, 60_000);
});
