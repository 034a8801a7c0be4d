/**
 * `npm run flow:map [file] [--out docs/flow.md]`: writes (FLOW picks the file too; another flow than
 * the default one is written to docs/flow-<name>.md) the Mermaid map of a flow file (screens,
 * routes, transitions, delays, guards). A test fails when the committed map is stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { flowMapMarkdown } from '../src/engine/validation/flow-map.ts';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { DEFAULT_FLOW_FILE, flowFile } from '../supabase/functions/_shared/flow-path.ts';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const path = args.find((arg, i) => !arg.startsWith('--') && i !== outAt + 1) ?? flowFile();
// The default flow's map is docs/flow.md; another flow's gets its own page, so it never overwrites it.
const out =
  outAt >= 0 ? args[outAt + 1] : path === DEFAULT_FLOW_FILE ? 'docs/flow.md' : `docs/flow-${basename(path, '.json')}.md`;
const file = relative(process.cwd(), path) || path;

const text = await readFile(path, 'utf8');
const { flow, errors } = validateFlowText(text, { file });
if (!flow || out === undefined) {
  for (const issue of errors) console.error(formatIssue(issue));
  console.error(`✗ ${file}: fix the flow first (npm run flow:check)`);
  process.exit(1);
}
await writeFile(out, flowMapMarkdown(flow, file));
console.log(`✓ wrote ${out}: ${Object.keys(flow.screens).length} screens`);
