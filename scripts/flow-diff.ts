/**
 * `npm run flow:diff <old.json> <new.json>`: prints what a change to a flow file means for visitors
 * (screens added or removed, transitions, routes, progress, options, copy, reachability, settings,
 * scoring), for review. A new file with checker errors is still compared, so a screen that became
 * unreachable shows up here too; the errors are listed after the summary.
 * `npm run flow:diff <flow.json>` (one file) shows what each of its experiment variants changes.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { Flow } from '../src/engine/flow.gen.ts';
import { comparableFlow } from '../src/engine/flow-edit/diff-flow.ts';
import { diffFlows } from '../src/engine/validation/flow-diff.ts';
import { variantDiffs } from '../src/engine/validation/variant-diff.ts';
import { formatIssue, type FlowIssue } from '../src/engine/validation/validate-flow.ts';

const [oldPath, newPath] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (oldPath === undefined) {
  console.error(
    'usage: npm run flow:diff <old.json> <new.json>, or npm run flow:diff <flow.json> for its experiments',
  );
  process.exit(2);
}

/** The flow in a file when it has the flow's shape (graph errors allowed), and the checker's errors. */
async function read(path: string): Promise<{ flow: Flow; errors: FlowIssue[] }> {
  const file = relative(process.cwd(), path) || path;
  const { flow, errors } = comparableFlow(await readFile(path, 'utf8'), file);
  if (flow === null) {
    for (const issue of errors) console.error(formatIssue(issue));
    console.error(`✗ ${file} is not a flow file this engine can read`);
    process.exit(1);
  }
  return { flow, errors };
}

if (newPath === undefined) {
  const { flow, errors } = await read(oldPath);
  console.log(variantDiffs(flow).join('\n'));
  for (const issue of errors) console.log(`  ${formatIssue(issue)}`);
  process.exit(errors.length > 0 ? 1 : 0);
}
const before = await read(oldPath);
const after = await read(newPath);
console.log(diffFlows(before.flow, after.flow).join('\n'));
if (after.errors.length > 0) {
  console.log(`\nThe new file has ${after.errors.length} error(s) (npm run flow:check):`);
  for (const issue of after.errors) console.log(`  ${formatIssue(issue)}`);
  process.exit(1);
}
