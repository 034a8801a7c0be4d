import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './scripts/vite-plugin-flow.ts';

export default defineConfig({
  plugins: [react(), flowPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
