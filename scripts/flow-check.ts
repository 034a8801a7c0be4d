/**
 * `npm run flow:check [file]`: validates a flow file (default: FLOW's, see supabase/functions/_shared/flow-path.ts) and prints every
 * issue as file:line:column pointer: message — hint. Exit code 1 on any error (or warning with --strict).
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';
import { missingFilesCheck } from '../common/flow-plugin/flow-uploads.ts';
import { flowBudgetLine } from '../common/flow-plugin/flow-parts.ts';
import { checkLanguageFiles } from '../common/flow-plugin/language-files.ts';
import { flowFileOfTranslation } from '../src/engine/i18n/translation.ts';

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const named = args.find((arg) => !arg.startsWith('--')) ?? flowFile();
// A language file (flows/<flow>.<language>.json) is checked with its flow, as the build checks it.
const path = flowFileOfTranslation(named) ?? named;
const file = relative(process.cwd(), path) || path;
if (path !== named) console.log(`${relative(process.cwd(), named) || named} is a language file of ${file}: checking them together`);

const text = await readFile(path, 'utf8').catch((cause: unknown) => {
  console.error(`✗ ${file}: can't read the file (${cause instanceof Error ? cause.message : String(cause)})`);
  process.exit(1);
});
// Every image, favicon and logo the flow names must be a file under the project's public/.
const checked = validateFlowText(text, { file, checks: [missingFilesCheck('public')] });
// The language files beside the flow (flows/<flow>.<language>.json), once the flow itself is sound.
const languages = checked.flow ? await checkLanguageFiles(checked.flow, path, file, text) : undefined;
const errors = [...checked.errors, ...(languages?.errors ?? [])];
const warnings = [...checked.warnings, ...(languages?.warnings ?? [])];
const flow = errors.length === 0 ? checked.flow : null;

for (const issue of errors) console.error(formatIssue(issue));
for (const issue of warnings) console.warn(`warning: ${formatIssue(issue)}`);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
if (flow && (!strict || warnings.length === 0)) {
  const extra = warnings.length > 0 ? `, ${plural(warnings.length, 'warning')}` : '';
  console.log(`✓ ${file}: ${plural(Object.keys(flow.screens).length, 'screen')}, no errors${extra}`);
  console.log(`  ${flowBudgetLine(flow)}`);
  if (languages && languages.files.size > 0)
    console.log(`  languages: ${[...languages.files.keys()].join(', ')} translated beside the default`);
} else {
  const counts = [
    errors.length > 0 || !strict ? plural(errors.length, 'error') : '',
    strict && warnings.length > 0 ? plural(warnings.length, 'warning') : '',
  ]
    .filter(Boolean)
    .join(', ');
  console.error(`✗ ${file}: ${counts}`);
  process.exit(1);
}
