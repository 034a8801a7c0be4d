import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './common/flow-plugin/vite-plugin-flow.ts';
import { POSTGRES_ONLY_TEST_FILES } from './vitest.postgres.config.ts';

const DIRS = '{src,common,tests,scripts,server,supabase}';

/**
 * Unit, component and flow tests. A `.tsx` test renders, so it runs in jsdom; a `.ts` test runs in Node
 * unless its first line asks for jsdom (`// @vitest-environment jsdom`): a jsdom environment costs about
 * half a second a file, paid 200 times over before the split. End-to-end tests have their own config.
 */
export default defineConfig({
  plugins: [react(), flowPlugin()],
  test: {
    setupFiles: ['./tests/setup-dom.ts'],
    // One migrated PGlite database, made once per set of migrations; every test database starts from it.
    globalSetup: ['./server/pglite-global-setup.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', ...POSTGRES_ONLY_TEST_FILES],
    projects: [
      { extends: true, test: { name: 'dom', environment: 'jsdom', include: [`${DIRS}/**/*.test.tsx`] } },
      { extends: true, test: { name: 'node', environment: 'node', include: [`${DIRS}/**/*.test.ts`] } },
    ],
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one. These tests wait
    // on jsdom, PGlite and child processes as much as on the CPU, so two workers there take the unit
    // stage from about 600 s to 455 s (measured 2026-11-27, all passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
