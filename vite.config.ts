import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './common/flow-plugin/vite-plugin-flow.ts';
import { flowMapPlugin } from './scripts/vite-plugin-flow-map.ts';
import { flowUploadsPlugin } from './scripts/vite-plugin-flow-uploads.ts';
import { localBackendPlugin } from './scripts/vite-plugin-local-backend.ts';
import { prerenderPlugin } from './scripts/vite-plugin-prerender.ts';
import { routePreloadPlugin } from './scripts/vite-plugin-route-preload.ts';
import { sitePlugin } from './scripts/vite-plugin-site.ts';
import { compileHintsPlugin } from './scripts/vite-plugin-compile-hints.ts';

/** The components the split screen renderers share (the entry's own components stay in the entry). */
const SCREEN_KIT =
  /\/src\/components\/(action-bar|blocks|button|option-button|question-header|fade-in|flow-image|score-bar|screen-body|visually-hidden)(\.tsx|\.module\.css)$/;

export default defineConfig({
  resolve: {
    // @xstate/react imports the useSyncExternalStore shims (for React 17); React 19 has the hook built
    // in, so they resolve to it (about 0.8 KB gzip less in the first bundle). The replacement is an
    // absolute file path: the dev server's dependency optimizer (rolldown) reads a root-relative
    // '/src/...' as a path on the disk's root and could not load it, so `npm run dev` did not start.
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/app/use-sync-external-store-shim.ts', import.meta.url)),
      },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  plugins: [react(), flowPlugin(), flowUploadsPlugin(), flowMapPlugin(), routePreloadPlugin(), sitePlugin(), prerenderPlugin(), localBackendPlugin(), compileHintsPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Read by scripts/bundle-size.ts to find the chunks loaded before the first question.
    manifest: true,
    // Every browser the funnel targets preloads modules itself (Safari since 17, Firefox since 115); the
    // polyfill only added startup work: a scan of the page and a MutationObserver on every DOM change.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the listed modules: their dependencies (React's JSX runtime, the entry's code) stay put.
          includeDependenciesRecursively: false,
          // The parts every screen renderer shares go in one chunk (with one stylesheet), not one chunk
          // and stylesheet each: a direct load fetches 4 files for its screen instead of 12, and on a
          // slow connection each file costs a round trip (see scripts/lib/route-preload.ts).
          groups: [{ name: 'screen-kit', test: SCREEN_KIT }],
        },
      },
    },
  },
});
