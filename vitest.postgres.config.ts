import { defineConfig } from 'vitest/config';

/**
 * The SQL tests (schema, RLS, RPCs, report, queue) once more, on a real PostgreSQL server that the
 * global setup starts in a temporary folder (Debian's postgresql package; .ci/run installs it).
 * `npm test` runs them on PGlite in the unit stage and here on PostgreSQL.
 */
export const SQL_TEST_FILES = [
  'server/sql-backend.test.ts',
  'server/schema.test.ts',
  'server/campaign.test.ts',
  'server/generic-records.test.ts',
  'server/funnel-report.test.ts',
  'server/meta-conversions.test.ts',
  'server/lead-webhooks-sql.test.ts',
  'server/visit-language-sql.test.ts',
  'server/report-language.test.ts',
  'server/report-incremental.test.ts',
  'server/report-refresh-concurrency.test.ts',
  'server/flow-revision-sql.test.ts',
  // The one email rule: the browser's and the database's verdicts, on PostgreSQL's regex engine too.
  'tests/email-rule.test.ts',
  'server/purchases.test.ts',
  'server/revenue-goal.test.ts',
  'server/report-backlog.test.ts',
  'server/field-speed-sql.test.ts',
  'server/field-speed-figures.test.ts',
  'server/report-live-plan.test.ts',
];

/** Tests that run on real PostgreSQL only (each says why): the unit config leaves them out. */
export const POSTGRES_ONLY_TEST_FILES = ['server/queue-functions-deno.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    include: [...SQL_TEST_FILES, ...POSTGRES_ONLY_TEST_FILES],
    globalSetup: ['./server/postgres-global-setup.ts'],
    env: { FUNNEL_SQL_BACKEND: 'postgres' },
    restoreMocks: true,
    // As in the unit stage's node project: each file opens its own database, so they share modules.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
