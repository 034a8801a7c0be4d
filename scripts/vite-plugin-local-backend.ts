/**
 * Mounts the embedded local backend (server/local-backend.ts) into `vite` and `vite preview`, so
 * `npm start` and `npm run dev` answer supabase-js's calls with PGlite: no service, no account.
 * Builds pointed at hosted Supabase (VITE_SUPABASE_URL) simply never call it.
 */
import { resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { createLocalBackend, type LocalBackend } from '../server/local-backend.ts';
import { localFunctions } from '../server/local-functions.ts';
import { flowFile } from './lib/flow-path.ts';

export interface LocalBackendPluginOptions {
  /** A backend made by the caller (tests pass an in-memory one to read its rows). */
  backend?: LocalBackend;
}

/** The PGlite data folder of `npm start` and `npm run dev` (git-ignored). */
export const LOCAL_DATA_DIR = '.data/local-db';

export function localBackendPlugin(options: LocalBackendPluginOptions = {}): Plugin {
  let root = process.cwd();
  // A backend the caller passed is the caller's to close; one made here closes with the server.
  let owned: LocalBackend | undefined;
  const mount = (middlewares: Connect.Server): LocalBackend | undefined => {
    const backend =
      options.backend ??
      (owned = createLocalBackend({
        dataDir: resolve(root, LOCAL_DATA_DIR),
        functions: localFunctions(resolve(root, flowFile())),
      }));
    middlewares.use((req, res, next) => backend.middleware(req, res, next));
    return owned;
  };
  return {
    name: 'funnel-local-backend',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      const backend = mount(server.middlewares);
      server.httpServer?.once('close', () => void backend?.close());
    },
    configurePreviewServer(server) {
      const backend = mount(server.middlewares);
      server.httpServer.once('close', () => void backend?.close());
    },
  };
}
