/**
 * What `npm run flow:translate` writes: a language file brought up to date with the flow's texts.
 * Pure (no fs), so the rules are unit-tested: a new text gets its source and an empty translation, a
 * kept text keeps its translation, a changed source is marked "outdated" (the old source is kept so a
 * translator sees what changed), and a text the flow no longer has is dropped.
 */
import type { TranslationEntry, TranslationFile } from './translation.ts';

export interface TranslationUpdate {
  file: TranslationFile;
  added: string[];
  outdated: string[];
  removed: string[];
}

export function updateTranslation(
  texts: ReadonlyMap<string, string>,
  existing: TranslationFile | undefined,
  defaultLanguage: string,
  language: string,
  schemaPath = '../schemas/flow-translation.schema.json',
): TranslationUpdate {
  const before = existing?.texts ?? {};
  const next: Record<string, TranslationEntry> = {};
  const added: string[] = [];
  const outdated: string[] = [];
  for (const [pointer, source] of texts) {
    const old = Object.hasOwn(before, pointer) ? before[pointer] : undefined;
    if (old === undefined) {
      next[pointer] = { [defaultLanguage]: source, [language]: '' };
      added.push(pointer);
    } else if (old[defaultLanguage] === source) {
      next[pointer] = old;
    } else {
      const was = old.outdated ?? old[defaultLanguage] ?? '';
      next[pointer] = { [defaultLanguage]: source, [language]: old[language] ?? '', outdated: was };
      outdated.push(pointer);
    }
  }
  const removed = Object.keys(before).filter((pointer) => !texts.has(pointer));
  const file: TranslationFile = {
    $schema: existing?.$schema ?? schemaPath,
    language,
    ...(existing?.locale === undefined ? {} : { locale: existing.locale }),
    texts: next,
  };
  return { file, added, outdated, removed };
}
