/**
 * `npm run flow:translate -- <flow.json> <language>`: writes or updates the flow's language file
 * (flows/<flow>.<language>.json): adds every visitor-facing text it lacks with its source and an empty
 * translation, keeps existing translations, marks those whose source changed as "outdated", and drops
 * texts the flow no longer has. `npm run flow:check` then lists what is left to translate.
 */
import { readFile, writeFile } from 'node:fs/promises';
import flowSchema from '../schemas/flow.schema.json' with { type: 'json' };
import { flowTexts } from '../src/engine/i18n/flow-texts.ts';
import { flowLanguages, translationFileName, type TranslationFile } from '../src/engine/i18n/translation.ts';
import { updateTranslation } from '../src/engine/i18n/translation-update.ts';
import type { Flow } from '../src/engine/flow.gen.ts';

const [flowPath, language] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (flowPath === undefined || language === undefined) {
  console.error('usage: npm run flow:translate -- <flow.json> <language>   e.g. flows/my-funnel.json es');
  process.exit(1);
}
const flow = JSON.parse(await readFile(flowPath, 'utf8')) as Flow;
const languages = flowLanguages(flow);
if (language === languages.default) {
  console.error(`✗ "${language}" is the flow's default language: its texts are the flow file itself.`);
  process.exit(1);
}
const target = translationFileName(flowPath, language);
const existing = await readFile(target, 'utf8').then(
  (text) => JSON.parse(text) as TranslationFile,
  () => undefined,
);
const update = updateTranslation(flowTexts(flow, flowSchema), existing, languages.default, language);
await writeFile(target, `${JSON.stringify(update.file, null, 2)}\n`);
const total = Object.keys(update.file.texts).length;
console.log(
  `✓ ${target}: ${total} texts; ${update.added.length} new, ${update.outdated.length} outdated, ${update.removed.length} removed`,
);
if (!languages.available.includes(language))
  console.warn(`  add "${language}" to the flow's languages.available (and to drafts until it is complete)`);
