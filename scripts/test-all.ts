/**
 * `npm test`: every check and test on a fresh machine, ending with one line over all of them,
 * `total: N passed, M failed` (exit 1 when anything failed). `.ci/run` calls `npm test`.
 */
import { runStages, summaryLines, type Stage } from './lib/test-stages.ts';

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

const STAGES: Stage[] = [
  { name: 'flow:check', command: npm('flow:check') },
  { name: 'typecheck', command: npm('typecheck') },
  { name: 'lint', command: npm('lint') },
  { name: 'unit and component tests', command: vitest(), vitest: true },
  { name: 'build', command: npm('build') },
  { name: 'build-storybook', command: npm('build-storybook') },
  {
    name: 'end-to-end tests',
    command: vitest('--config', 'vitest.e2e.config.ts'),
    vitest: true,
    needs: 'build',
  },
];

const results = runStages(STAGES);
for (const line of summaryLines(results, STAGES)) console.log(line);
process.exit(results.some((r) => r.failed > 0) ? 1 : 0);
