/**
 * `npm test`: every check and test on a fresh machine, ending with one line over all of them,
 * `total: N passed, M failed` (exit 1 when anything failed). `.ci/run` calls `npm test`.
 */
import { NPM_TEST_STAGES as STAGES } from './lib/npm-test-stages.ts';
import { runStages, summaryLines } from './lib/test-stages.ts';

const results = await runStages(STAGES);
for (const line of summaryLines(results, STAGES)) console.log(line);
process.exit(results.some((r) => r.failed > 0) ? 1 : 0);
