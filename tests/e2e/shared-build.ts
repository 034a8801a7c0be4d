/**
 * One production build per flow and build-time environment for the whole end-to-end run: the files
 * that need the same build (the shoe finder's two walks; the pixel's two tests) share it instead of
 * each running `vite build` (a minute or more on two cores). The first file to ask builds it, under a
 * lock, while another asking for the same one waits; the run's global setup (build-cache-setup.ts)
 * names the folder and removes it at the end. Run alone, a file builds into a folder of its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productionBuild } from './production-build.ts';

export const BUILD_CACHE_ENV = 'E2E_BUILD_CACHE';
const WAIT_MS = 500;
const GIVE_UP_MS = 600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The folder of the production build made with `env` (e.g. `{ FLOW: 'flows/shoe-finder.json' }`). */
export async function sharedBuild(env: Record<string, string> = {}): Promise<string> {
  const cache = process.env[BUILD_CACHE_ENV];
  if (!cache) {
    const outDir = mkdtempSync(join(tmpdir(), 'e2e-build-'));
    await productionBuild(outDir, { env });
    return outDir;
  }
  const key = createHash('sha256')
    .update(JSON.stringify(Object.entries(env).sort()))
    .digest('hex')
    .slice(0, 12);
  const outDir = join(cache, key);
  const done = join(cache, `${key}.done`);
  const lock = join(cache, `${key}.lock`);
  const started = Date.now();
  for (;;) {
    if (existsSync(done)) return outDir;
    try {
      mkdirSync(lock);
    } catch {
      // Another file is building it: wait for its mark (a lock left by a file that died is given up on).
      if (Date.now() - started > GIVE_UP_MS || Date.now() - statSync(lock).mtimeMs > GIVE_UP_MS)
        throw new Error(`the shared build ${JSON.stringify(env)} was not finished within ${GIVE_UP_MS / 1000} s`);
      await sleep(WAIT_MS);
      continue;
    }
    try {
      await productionBuild(outDir, { env });
      writeFileSync(done, JSON.stringify(env));
      return outDir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
