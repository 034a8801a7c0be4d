import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './common/flow-plugin/vite-plugin-flow.ts';
import { POSTGRES_ONLY_TEST_FILES } from './vitest.postgres.config.ts';

/** Unit, component and flow tests (jsdom). End-to-end tests have their own config. */
export default defineConfig({
  plugins: [react(), flowPlugin()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./tests/setup-dom.ts'],
    // One migrated PGlite database, made once per set of migrations; every test database starts from it.
    globalSetup: ['./server/pglite-global-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'tests/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', ...POSTGRES_ONLY_TEST_FILES],
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one. These tests wait
    // on jsdom, PGlite and child processes as much as on the CPU, so two workers there take the unit
    // stage from about 600 s to 455 s (measured 2026-11-27, all passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
