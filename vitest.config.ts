import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './scripts/vite-plugin-flow.ts';

/** Unit, component and flow tests (jsdom). End-to-end tests have their own config. */
export default defineConfig({
  plugins: [react(), flowPlugin()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./tests/setup-dom.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    restoreMocks: true,
  },
});
