/**
 * `npm run flow:diff <old.json> <new.json>`: prints what a change to a flow file means for visitors
 * (screens added or removed, transitions, routes, progress, options, copy, reachability, settings,
 * scoring), for review. A new file with checker errors is still compared, so a screen that became
 * unreachable shows up here too; the errors are listed after the summary.
 * `npm run flow:diff <flow.json>` (one file) shows what each of its experiment variants changes.
 * Two language files (flows/<flow>.<language>.json) are compared text by text; two flow files also
 * compare the language files beside each.
 */
import { readFile } from 'node:fs/promises';
import { diffTranslations } from '../src/engine/i18n/translation-diff.ts';
import type { TranslationFile } from '../src/engine/i18n/translation.ts';
import { readLanguageFiles } from '../common/flow-plugin/language-files.ts';
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

/** A language file's content, when the file is one (it has "language" and "texts", no screens). */
async function translationIn(path: string): Promise<TranslationFile | undefined> {
  const value = await readFile(path, 'utf8').then(
    (text) => JSON.parse(text) as unknown,
    () => undefined,
  );
  const isFile = typeof value === 'object' && value !== null && 'texts' in value && 'language' in value;
  return isFile && !('screens' in value) ? (value as TranslationFile) : undefined;
}

/** The language files beside a flow file, by language. */
async function siblings(path: string): Promise<Map<string, TranslationFile>> {
  const files = await readLanguageFiles(path);
  return new Map(
    files.map(({ text }) => {
      const file = JSON.parse(text) as TranslationFile;
      return [file.language, file];
    }),
  );
}

if (newPath !== undefined) {
  const [oldTexts, newTexts] = [await translationIn(oldPath), await translationIn(newPath)];
  if (oldTexts && newTexts) {
    const lines = diffTranslations(oldTexts, newTexts);
    console.log(lines.length > 0 ? lines.join('\n') : 'no translation changed');
    process.exit(0);
  }
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
const [oldLanguages, newLanguages] = [await siblings(oldPath), await siblings(newPath)];
for (const language of new Set([...oldLanguages.keys(), ...newLanguages.keys()])) {
  const lines = diffTranslations(oldLanguages.get(language), newLanguages.get(language));
  if (lines.length > 0) console.log(lines.join('\n'));
}
if (after.errors.length > 0) {
  console.log(`\nThe new file has ${after.errors.length} error(s) (npm run flow:check):`);
  for (const issue of after.errors) console.log(`  ${formatIssue(issue)}`);
  process.exit(1);
}
