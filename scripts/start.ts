/**
 * `npm start`: builds dist/, then serves it with the embedded local backend (vite preview with the
 * project's vite.config.ts). `npm run preview` is the same without the build. The port comes from
 * `--port <n>` or PORT (4173 by default); a port in use is an error, never a silent other port, so the
 * address printed is the one to open. The server runs in this process (package.json `exec`s node, so
 * npm's SIGTERM and SIGINT reach it) and stops cleanly on either, however often and from whichever
 * process they come (Ctrl-C signals the whole group): see server/stop-signals.ts.
 */
import { spawnSync } from 'node:child_process';
import { preview } from 'vite';
import { stopOnSignals } from '../server/stop-signals.ts';
import { startOptions, type StartOptions } from './lib/start-options.ts';

let options: StartOptions;
try {
  options = startOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`✗ npm start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

if (options.build) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

try {
  const server = await preview({
    preview: {
      port: options.port,
      strictPort: true,
      open: false,
      ...(options.host === undefined ? {} : { host: options.host }),
    },
  });
  server.printUrls();
  // Stops taking requests, cuts the ones in flight (Vite destroys open sockets), closes the database (the
  // local backend's closePreviewServer hook) and exits; one handler for every SIGINT and SIGTERM.
  stopOnSignals(() => server.close(), { name: 'npm start' });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`✗ npm start: can't serve on port ${options.port}: ${message}`);
  console.error('  Pick another one: PORT=5000 npm start, or npm start -- --port 5000');
  process.exit(1);
}
