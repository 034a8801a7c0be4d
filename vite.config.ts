import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './scripts/vite-plugin-flow.ts';
import { flowMapPlugin } from './scripts/vite-plugin-flow-map.ts';
import { localBackendPlugin } from './scripts/vite-plugin-local-backend.ts';
import { sitePlugin } from './scripts/vite-plugin-site.ts';

export default defineConfig({
  plugins: [react(), flowPlugin(), flowMapPlugin(), sitePlugin(), localBackendPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the funnel serves follows <link rel="modulepreload"> (Safari since 17); one that
    // doesn't only loses the head start, so the polyfill's bytes stay off the first screen.
    modulePreload: { polyfill: false },
    // Read by scripts/bundle-size.ts to find the chunks loaded before the first question.
    manifest: true,
  },
});
