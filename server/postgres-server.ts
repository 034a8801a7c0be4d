/**
 * A throwaway real PostgreSQL server for tests and benchmarks: Debian's `postgresql` package, initdb in
 * a temporary folder, listening only on a Unix socket in that folder (no TCP port to collide with on a
 * shared machine), stopped and removed by `stop()`. Postgres refuses to run as root, so as root every
 * server command runs as the `postgres` user that the Debian package creates.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  /** Connection string for a database on this server (default `postgres`). */
  url(database?: string): string;
  /** The server's major version, e.g. "15". */
  version: string;
  stop(): void;
}

const INSTALL_HINT =
  "install Debian's PostgreSQL server (`apt-get install -y postgresql`; .ci/run does it), or set PG_BIN to the folder holding initdb and pg_ctl";

/** The folder holding initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<major>/bin. */
export function postgresBinaries(env: Record<string, string | undefined> = process.env): string {
  const explicit = env['PG_BIN'];
  if (explicit !== undefined && explicit !== '') {
    if (!existsSync(join(explicit, 'initdb'))) throw new Error(`PG_BIN=${explicit} holds no initdb: ${INSTALL_HINT}`);
    return explicit;
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = majors[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server found under ${root}: ${INSTALL_HINT}`);
  return join(root, newest, 'bin');
}

export interface StartOptions {
  /** Extra server settings (`-c name=value`), e.g. memory for a benchmark. */
  settings?: Record<string, string>;
}

/** Starts a fresh server; throws with what to install when PostgreSQL is missing. */
export function startPostgres(options: StartOptions = {}): PostgresServer {
  const bin = postgresBinaries();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'funnel-pg-'));
  const data = join(dir, 'data');
  const user = asRoot ? 'postgres' : userInfo().username;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });
  // A test server: durability is traded for speed (nothing here outlives the run).
  const settings: Record<string, string> = {
    listen_addresses: "''",
    unix_socket_directories: `'${dir}'`,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    ...options.settings,
  };
  const serverOptions = Object.entries(settings)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  try {
    run('initdb', ['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const output = error instanceof Error && 'stderr' in error ? String(error.stderr) : '';
    throw new Error(`could not start PostgreSQL from ${bin}: ${output || String(error)}`, { cause: error });
  }
  const version = bin.split('/').at(-2) ?? '';
  return {
    version,
    url: (database = 'postgres') =>
      `postgresql://${user}@localhost/${database}?host=${encodeURIComponent(dir)}&port=5432`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
