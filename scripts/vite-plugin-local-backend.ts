/**
 * Mounts the embedded local backend (server/local-backend.ts) into `vite` and `vite preview`, so
 * `npm start` and `npm run dev` answer supabase-js's calls with PGlite: no service, no account.
 * Builds pointed at hosted Supabase (VITE_SUPABASE_URL) simply never call it.
 */
import { readFileSync } from 'node:fs';
import { Server } from 'node:http';
import { resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { createLocalBackend, type LocalBackend } from '../server/local-backend.ts';
import { localFunctions } from '../server/local-functions.ts';
import { leadFieldsOfFile } from '../server/flow-lead-fields.ts';
import { applyHttpLimits } from '../server/http-limits.ts';
import { stopOnSignals } from '../server/stop-signals.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

export interface LocalBackendPluginOptions {
  /** A backend made by the caller (tests pass an in-memory one to read its rows). */
  backend?: LocalBackend;
}

/** The PGlite data folder of `npm start` and `npm run dev` (git-ignored); FUNNEL_DATA_DIR overrides it. */
export const LOCAL_DATA_DIR = '.data/local-db';

export function localBackendPlugin(options: LocalBackendPluginOptions = {}): Plugin {
  let root = process.cwd();
  // A backend the caller passed is the caller's to close; one made here closes with the server.
  let owned: LocalBackend | undefined;
  // Stops the analysis workers when the server closes (a dev-server restart makes a new pool).
  const stopped = new AbortController();
  const mount = (middlewares: Connect.Server): LocalBackend | undefined => {
    const backend =
      options.backend ??
      (owned = createLocalBackend({
        dataDir: resolve(root, process.env.FUNNEL_DATA_DIR || LOCAL_DATA_DIR),
        functions: localFunctions(resolve(root, flowFile()), { signal: stopped.signal }),
        metaWorker: { flowPixelId: flowPixelId(resolve(root, flowFile())) },
        leadFields: leadFieldsOfFile(resolve(root, flowFile())),
        // Local mode may post to a receiver on this machine (LEAD_SINKS_ALLOW_LOOPBACK=0 turns that off);
        // private and link-local addresses stay refused, and production has no such default.
        leadWebhooks: {
          flows: [readFlow(resolve(root, flowFile()))],
          env: { LEAD_SINKS_ALLOW_LOOPBACK: '1', ...process.env },
        },
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
      // Both hooks run before Vite listens, which is when Node starts enforcing the timeouts.
      if (server.httpServer instanceof Server) applyHttpLimits(server.httpServer);
      const backend = mount(server.middlewares);
      const close = async () => {
        stopped.abort();
        await backend?.close();
      };
      server.httpServer?.once('close', () => void close());
      // `npm run dev` (Vite's own CLI): Ctrl-C reaches this process from the terminal and again from npm,
      // and Vite's only listener is a SIGTERM one that does not wait for the database. One handler for
      // both signals closes the server, then the database, once. Not in middleware mode (the studio,
      // Storybook): the process there is someone else's.
      if (!server.config.server.middlewareMode && server.httpServer)
        stopOnSignals(
          async () => {
            await server.close();
            await close();
          },
          { name: 'npm run dev' },
        );
    },
    configurePreviewServer(server) {
      if (server.httpServer instanceof Server) applyHttpLimits(server.httpServer);
      mount(server.middlewares);
    },
    // Vite awaits this before a closing preview server's process exits (on SIGTERM, or server.close()
    // in scripts/start.ts): the database is closed cleanly, not cut off mid-write by process.exit.
    async closePreviewServer() {
      stopped.abort();
      await owned?.close();
    },
  };
}

/** The parsed flow file (null when unreadable: the build reports flow errors). */
function readFlow(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The flow's settings.pixelId for the Conversions API worker ('' when unreadable: the build reports flow errors). */
function flowPixelId(file: string): string {
  try {
    const flow = readFlow(file);
    const settings: unknown = flow && typeof flow === 'object' && 'settings' in flow ? flow.settings : undefined;
    const id: unknown = settings && typeof settings === 'object' && 'pixelId' in settings ? settings.pixelId : '';
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}
