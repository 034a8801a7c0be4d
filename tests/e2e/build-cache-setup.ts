/**
 * Vitest global setup of the end-to-end run: the folder the files' shared builds go into
 * (shared-build.ts), named in E2E_BUILD_CACHE for the test workers and removed after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_CACHE_ENV } from './shared-build.ts';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-builds-'));
  process.env[BUILD_CACHE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
