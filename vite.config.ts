import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './scripts/vite-plugin-flow.ts';
import { flowMapPlugin } from './scripts/vite-plugin-flow-map.ts';
import { localBackendPlugin } from './scripts/vite-plugin-local-backend.ts';
import { routePreloadPlugin } from './scripts/vite-plugin-route-preload.ts';
import { sitePlugin } from './scripts/vite-plugin-site.ts';

export default defineConfig({
  plugins: [react(), flowPlugin(), flowMapPlugin(), routePreloadPlugin(), sitePlugin(), localBackendPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Read by scripts/bundle-size.ts to find the chunks loaded before the first question.
    manifest: true,
  },
});
