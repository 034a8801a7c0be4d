import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { flowPlugin } from './common/flow-plugin/vite-plugin-flow.ts';
import { POSTGRES_ONLY_TEST_FILES } from './vitest.postgres.config.ts';

const DIRS = '{src,common,tests,scripts,server,supabase}';
/**
 * Files that need a module graph and a document of their own: one mocks a module and starts with no
 * renderer loaded; the others play stories, whose renderer turns React's act environment on and off
 * (a play still settling could turn it off under the next file's renders).
 */
export const ISOLATED = [
  'src/app/screen-transition.test.tsx',
  'src/all-stories.test.tsx',
  'src/flow-stories/*.test.tsx',
];
const EXCLUDE = ['tests/e2e/**', 'node_modules/**', ...POSTGRES_ONLY_TEST_FILES];

/** A project whose files share their worker's modules (all but ISOLATED). */
const shared = (name: string, environment: 'jsdom' | 'node', include: string) => ({
  extends: true as const,
  test: { name, environment, include: [include], exclude: [...EXCLUDE, ...ISOLATED] },
});

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
    exclude: EXCLUDE,
    projects: [
      shared('dom', 'jsdom', `${DIRS}/**/*.test.tsx`),
      shared('node', 'node', `${DIRS}/**/*.test.ts`),
      { extends: true, test: { name: 'isolated', environment: 'jsdom', include: ISOLATED, isolate: true } },
    ],
    // The files of a worker share one module graph (no fresh process per file): about 155 s instead of
    // 212 s for the stage (2026-11-29). They keep no state between files (each opens its own database and
    // server; tests/setup-dom.ts empties the document after each file), lint forbids module mocks but
    // in ISOLATED, and shuffled file orders pass.
    isolate: false,
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one. These tests wait
    // on jsdom, PGlite and child processes as much as on the CPU, so two workers there take the unit
    // stage from about 600 s to 455 s (measured 2026-11-27, all passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
