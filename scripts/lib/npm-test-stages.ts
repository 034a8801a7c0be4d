/**
 * The stages of `npm test`, in order (scripts/test-all.ts runs them). Vitest stages write a JSON report
 * so their tests can be counted one by one.
 */
import type { Stage } from './test-stages.ts';

const npm =
  (...args: string[]) =>
  () => ['npm', 'run', '--silent', ...args];
const vitest =
  (...args: string[]) =>
  (report: string) => [
    'npx',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];

/** The end-to-end files of one group of vitest.e2e.config.ts (through env(1): a command is one argument list). */
const e2e = (group: 'alone' | 'shared') => (report: string) => [
  'env',
  `E2E_GROUP=${group}`,
  ...vitest('--config', 'vitest.e2e.config.ts')(report),
];

export const NPM_TEST_STAGES: readonly Stage[] = [
  { name: 'flow:check', command: npm('flow:check') },
  // Typecheck and lint one after the other: side by side they took 33 s against 23 s in turn.
  { name: 'typecheck', command: npm('typecheck') },
  { name: 'lint', command: npm('lint') },
  { name: 'unit and component tests', command: vitest(), vitest: true },
  // The SQL tests again, on a real PostgreSQL server the stage starts itself (Supabase runs PostgreSQL),
  // beside the two builds: none of them times anything.
  { name: 'SQL tests on PostgreSQL', command: vitest('--config', 'vitest.postgres.config.ts'), vitest: true },
  { name: 'build', command: npm('build'), together: true },
  { name: 'build-storybook', command: npm('build-storybook'), together: true },
  // Files that time things run one at a time; the others two at a time (vitest.e2e.config.ts says which).
  { name: 'end-to-end tests, one at a time', command: e2e('alone'), vitest: true, needs: 'build' },
  { name: 'end-to-end tests, two at a time', command: e2e('shared'), vitest: true, needs: 'build' },
];
