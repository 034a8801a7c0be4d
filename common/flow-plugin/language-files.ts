/**
 * A flow's language files, read from beside it: flows/<flow>.<language>.json. Node only.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Flow } from '../../src/engine/flow.gen.ts';
import { fileLanguage, languagePack, type LanguagePack } from '../../src/engine/i18n/translation.ts';
import {
  checkTranslations,
  type LanguageFileText,
  type TranslationCheckResult,
} from '../../src/engine/validation/translation-check.ts';

/** The language files beside a flow file; `shown` is the flow's name as issues print it. */
export async function readLanguageFiles(
  flowPath: string,
  shown = flowPath,
  // How a file is read (the MCP server reads without following links).
  read: (path: string, shown: string) => Promise<string> = (path) => readFile(path, 'utf8'),
): Promise<LanguageFileText[]> {
  const base = basename(flowPath).replace(/\.json$/, '');
  const names = await readdir(dirname(flowPath)).catch(() => []);
  const files = names
    .filter((name) => name.startsWith(`${base}.`) && fileLanguage(name) !== undefined)
    .filter((name) => name.slice(base.length + 1, -'.json'.length) === fileLanguage(name))
    .sort();
  return Promise.all(
    files.map(async (name) => ({
      file: join(dirname(shown), name),
      text: await read(join(dirname(flowPath), name), join(dirname(shown), name)),
    })),
  );
}

/** Reads and checks a valid flow's language files. */
export async function checkLanguageFiles(
  flow: Flow,
  flowPath: string,
  shown: string,
  flowText: string,
): Promise<TranslationCheckResult> {
  return checkTranslations(flow, shown, flowText, await readLanguageFiles(flowPath, shown));
}

/** The packs (pointer → text) of each translated language, from files that passed the check. */
export function languagePacks(result: TranslationCheckResult): Map<string, LanguagePack> {
  return new Map([...result.files].map(([language, file]) => [language, languagePack(file)]));
}
