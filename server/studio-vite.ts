/**
 * The studio's own Vite setup (dev middleware, never `vite build`): the studio app and the preview
 * frame are served from src/studio/*.html with React and the flow plugin (the funnel's theme), and
 * nothing of it is part of vite.config.ts, so none of it can enter the visitor's dist/.
 */
import react from '@vitejs/plugin-react';
import type { Server } from 'node:http';
import type { InlineConfig } from 'vite';
import { flowPlugin } from '../common/flow-plugin/vite-plugin-flow.ts';

/** The Vite config of the studio, served from `appRoot` (the repo) for the flow file `flowFile`. */
export function studioViteConfig(appRoot: string, flowFile: string, server: Server): InlineConfig {
  return {
    configFile: false,
    root: appRoot,
    // Its own dependency cache, so a studio run and the funnel's dev server never rebuild each other's.
    cacheDir: 'node_modules/.vite-studio',
    logLevel: 'warn',
    appType: 'custom',
    plugins: [react(), flowPlugin({ file: flowFile })],
    // The checker worker is an entry too: a dependency first met when it starts (ajv, for the language
    // files) would otherwise make Vite optimize again and reload the studio mid-edit.
    optimizeDeps: { entries: ['src/studio/index.html', 'src/studio/preview.html', 'src/studio/check-worker.ts'] },
    server: {
      middlewareMode: true,
      // Vite's client socket shares the studio's port (its own, 24678, would clash with a second run).
      hmr: { server },
      // The studio watches the flow files itself (studio-server.ts); code changes need a reload.
      watch: null,
      // The studio's pages are its only clients: no CORS answer for a page on another (localhost) origin.
      cors: false,
      // A second fence behind the studio's allow-list (studio-allow.ts), for the token holder's requests:
      // Vite matches a pattern with a slash against the absolute path, so folders need the leading '**/'.
      fs: {
        strict: true,
        allow: [appRoot],
        deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', '**/.data/**', '**/.env/**'],
      },
    },
  };
}
