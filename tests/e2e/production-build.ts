/**
 * `vite build` as `npm run build` runs it, in a child process: NODE_ENV production and `env` (FLOW,
 * VITE_*) for the build only. A child keeps the build's React (production, for the prerender) apart
 * from the test process's modules, which the files of one worker share (`isolate: false` in
 * vitest.e2e.config.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './harness.ts';

const run = promisify(execFile);

export interface BuildOptions {
  /** Build-time environment (FLOW, VITE_*). */
  env?: Record<string, string>;
  /** Another Vite config file (default: the project's vite.config.ts). */
  config?: string;
}

/** Builds the funnel into `outDir` (emptied first); fails with the build's own output. */
export async function productionBuild(outDir: string, { env = {}, config }: BuildOptions = {}): Promise<void> {
  const args = ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', ...(config ? ['--config', config] : [])];
  try {
    await run(join(repoRoot, 'node_modules/.bin/vite'), args, {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`vite build ${JSON.stringify(env)} failed:\n${stdout}${stderr}`, { cause: error });
  }
}
