/**
 * `npm run studio`: the Flow Studio at http://127.0.0.1:4300 for the flow FLOW names (the default
 * flow otherwise). Options: `--port <n>` (or STUDIO_PORT), `--host <name>` to listen beyond this
 * machine, `--project <dir>` for another folder's flows/ and public/uploads/, `--data-dir <dir>` (or
 * FUNNEL_DATA_DIR, as `npm start` reads it) for the local database the report overlay reads,
 * `--branch <name>` (or STUDIO_BRANCH) for the branch Publish commits to (`main` by default),
 * `--remote <name>` for the remote it pushes to, `--author "Name <email>"` when git's config has no
 * user. The URL it prints holds the run's token, which every write, publish and restore needs.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';
import { startStudio } from './studio-server.ts';
import { stopOnSignals } from './stop-signals.ts';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}

const appRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(option('port') ?? process.env.STUDIO_PORT ?? 4300);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`✗ npm run studio: --port must be a port number, not "${option('port') ?? process.env.STUDIO_PORT}"`);
  process.exit(2);
}
try {
  const studio = await startStudio({
    appRoot,
    project: resolve(option('project') ?? appRoot),
    flowFile: flowFile(),
    port,
    host: option('host') ?? '127.0.0.1',
    dataDir: option('data-dir') ?? (process.env.FUNNEL_DATA_DIR || undefined),
    branch: option('branch') ?? (process.env.STUDIO_BRANCH || 'main'),
    ...(option('remote') === undefined ? {} : { remote: option('remote') }),
    ...(option('author') === undefined ? {} : { author: option('author') }),
  });
  console.log(`Flow Studio: ${studio.url}`);
  stopOnSignals(() => studio.close(), { name: 'npm run studio' });
} catch (error) {
  console.error(`✗ npm run studio: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
