import { defineConfig } from 'vitest/config';

/**
 * Files whose assertions hold a clock, count frames or time taps: they run alone, so a neighbour's
 * Chromium cannot move their figures. Every other file waits on the page, not on the clock. Some wait
 * long on a clock yet assert nothing a neighbour could move, so they run with the others, where
 * their waits overlap another file's work: prerender and first-tap hold the scripts back and wait
 * for what the page shows (the bench times the first tap); timed-screens waits out the flow's timers
 * and checks where the visitor is; outbox-limits' bound on a hung request is the 10 s timeout + 4 s.
 */
export const RUN_ALONE = [
  'double-tap',
  'no-spinner',
  'staged-screen',
  'route-preload',
  'server-limits',
  'stop-and-crash',
  'studio',
  'uploads-off-loop',
  'slow-clients',
  // 4× CPU, and asserts which screens a tap's INP rates poor: a neighbour's Chromium would add delay.
  'field-speed',
].map((name) => `tests/e2e/${name}.test.ts`);

/**
 * End-to-end tests: the production build (`dist/`, made by `npm run build`) served by `vite preview`
 * and driven in real Chromium through playwright-core. `E2E_GROUP=alone` runs the files above one at a
 * time; `E2E_GROUP=shared` runs the others two at a time (on a 2-core machine, 530 s instead of about
 * 690 s one at a time, measured 2026-11-27); unset, every file runs one at a time.
 */
const group = process.env['E2E_GROUP'];
/** How many shared files run at once (E2E_SHARED_WORKERS, default 2). */
const sharedWorkers = Number(process.env['E2E_SHARED_WORKERS'] ?? 2);

export default defineConfig({
  test: {
    environment: 'node',
    include: group === 'alone' ? RUN_ALONE : ['tests/e2e/**/*.test.ts'],
    exclude: group === 'shared' ? RUN_ALONE : [],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    fileParallelism: group === 'shared',
    maxWorkers: group === 'shared' ? sharedWorkers : 1,
    restoreMocks: true,
    // The files of a worker share one module graph: their imports (Playwright, Vite, the server) load
    // once per worker, not once per file (the shared stage's import time fell from 49 s to 5 s). Builds
    // run in a child process (production-build.ts), so the build's React is never the test's.
    isolate: false,
    // Every local backend a file starts (in memory, or in a new folder of a server it spawns) begins from
    // one migrated PGlite snapshot instead of applying every migration again.
    // Files that need the same production build share one (tests/e2e/shared-build.ts).
    globalSetup: ['./server/pglite-global-setup.ts', './tests/e2e/build-cache-setup.ts'],
    // Real photo analyses in the walks get a patient deadline: CI shares two cores between Chromium,
    // Vite and the analysis worker. The 5 s deadline itself is tested in server/face-pool.
    env: { FACE_ANALYSIS_DEADLINE_MS: '20000' },
  },
});
