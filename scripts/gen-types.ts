/**
 * Generates `src/engine/flow.gen.ts` from `schemas/flow.schema.json`, so the flow's TypeScript types are
 * never written by hand. `--check` exits 1 when the committed file is stale (run by the tests).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { generateFlowTypes, FLOW_TYPES_PATH } from './lib/flow-types.ts';

const check = process.argv.includes('--check');
const fresh = await generateFlowTypes();
const current = await readFile(FLOW_TYPES_PATH, 'utf8').catch(() => '');
if (check) {
  if (current !== fresh) {
    console.error(`${FLOW_TYPES_PATH} is stale: run \`npm run gen:types\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${FLOW_TYPES_PATH} is current.`);
} else {
  await writeFile(FLOW_TYPES_PATH, fresh);
  console.log(`wrote ${FLOW_TYPES_PATH}`);
}
