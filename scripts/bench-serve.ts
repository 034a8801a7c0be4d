/**
 * A fresh local server for `npm run bench`, in its own process so its first analysis is truly cold:
 * `vite preview` of dist/ with the embedded backend (in memory), as the end-to-end harness serves it.
 * Prints `READY <url>` once it answers, then runs until killed.
 */
import { join } from 'node:path';
import { preview } from 'vite';
import { repoRoot } from '../tests/e2e/harness.ts';
import { localBackendPlugin } from './vite-plugin-local-backend.ts';
import { createLocalBackend } from '../server/local-backend.ts';
import { localFunctions } from '../server/local-functions.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

const backend = createLocalBackend({ functions: localFunctions(join(repoRoot, flowFile())) });
const server = await preview({
  root: repoRoot,
  configFile: false,
  plugins: [localBackendPlugin({ backend })],
  build: { outDir: join(repoRoot, 'dist') },
  logLevel: 'error',
  preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
});
await backend.database();
const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
if (!url) throw new Error('vite preview reported no URL');
console.log(`READY ${url}`);
