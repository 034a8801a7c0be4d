import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the production build (`dist/`, made by `npm run build`) served by `vite preview`
 * and driven in real Chromium through playwright-core. One file at a time: a browser per file is
 * plenty for a 2-core machine.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    fileParallelism: false,
    maxWorkers: 1,
    restoreMocks: true,
    // Real photo analyses in the walks get a patient deadline: CI shares two cores between Chromium,
    // Vite and the analysis worker. The 5 s deadline itself is tested in server/face-pool.
    env: { FACE_ANALYSIS_DEADLINE_MS: '20000' },
  },
});
