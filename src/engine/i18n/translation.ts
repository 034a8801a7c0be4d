/**
 * A flow's languages and its translation files (`flows/<flow>.<language>.json`, schema
 * schemas/flow-translation.schema.json): each key is a JSON pointer into the flow file, each entry
 * holds the default language's source text beside the translation. Browser-safe: no schema, no fs.
 */
import type { Flow } from '../flow.gen.ts';

/** One translated text: { "<default language>": source, "<language>": translation }. */
export type TranslationEntry = Record<string, string>;

/** A translation file's content. */
export interface TranslationFile {
  $schema?: string;
  /** The language this file translates into. */
  language: string;
  /** The Intl locale for numbers, money and plurals in this language (default: the language tag). */
  locale?: string;
  texts: Record<string, TranslationEntry>;
}

/** The translations a visitor's page carries: pointer → text, and the Intl locale. */
export interface LanguagePack {
  language: string;
  locale: string;
  texts: Record<string, string>;
  /**
   * In a production build of a multi-language flow: the texts of the shipped flow's blanks
   * ({@link TEXT_SLOT}), in document order (shorter than pointer keys, so the first load stays small).
   */
  list?: string[];
}

/** What a production build leaves in the first chunk where a language chunk brings the text. */
export const TEXT_SLOT = '\u2063';

/** Visits a document's strings in document order (object keys as enumerated, array items in order). */
export function eachString(
  node: unknown,
  visit: (parent: Record<string, unknown>, key: string, text: string) => void,
): void {
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'string') visit(record, key, value);
    else eachString(value, visit);
  }
}

/** The flow's languages, with the single-language default when it declares none. */
export interface FlowLanguages {
  default: string;
  available: string[];
  drafts: string[];
}

/** The primary language subtag of a locale ("en-US" → "en"). */
export function primaryLanguage(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase();
}

export function flowLanguages(flow: Pick<Flow, 'languages' | 'settings'>): FlowLanguages {
  const declared = flow.languages;
  if (declared) {
    const available = declared.available.includes(declared.default)
      ? declared.available
      : [declared.default, ...declared.available];
    return { default: declared.default, available, drafts: declared.drafts ?? [] };
  }
  const only = primaryLanguage(flow.settings.locale ?? 'en');
  return { default: only, available: [only], drafts: [] };
}

/** The end of a flow's language file name: `.<language>.json`, the language a BCP 47 tag. */
const LANGUAGE_FILE_SUFFIX = /\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.json$/;

/** The language a file name says: flows/x.es.json → "es" (undefined when the name says none). */
export function fileLanguage(file: string): string | undefined {
  return LANGUAGE_FILE_SUFFIX.exec(file)?.[1];
}

/** Whether a file name is a flow's language file (<flow>.<language>.json), not a flow. */
export function isLanguageFileName(name: string): boolean {
  return fileLanguage(name) !== undefined;
}

/** The file name of a flow's translation into `language`: flows/my-funnel.json → flows/my-funnel.es.json. */
export function translationFileName(flowFile: string, language: string): string {
  return flowFile.replace(/(\.json)?$/, `.${language}.json`);
}

/** The flow a language file belongs to: flows/my-funnel.es.json → flows/my-funnel.json (undefined for a flow). */
export function flowFileOfTranslation(file: string): string | undefined {
  return isLanguageFileName(file) ? file.replace(LANGUAGE_FILE_SUFFIX, '.json') : undefined;
}

/** The pack a visitor of `language` loads, from a translation file (empty translations are left out). */
export function languagePack(file: TranslationFile): LanguagePack {
  const texts: Record<string, string> = {};
  for (const [pointer, entry] of Object.entries(file.texts)) {
    const text = entry[file.language];
    if (typeof text === 'string' && text !== '') texts[pointer] = text;
  }
  return { language: file.language, locale: file.locale ?? file.language, texts };
}

function segments(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Puts each pointer's text into a copy of `document`, only where the document has a string there. */
export function translateDocument<T>(document: T, texts: Readonly<Record<string, string>>): T {
  const copy = structuredClone(document);
  for (const [pointer, text] of Object.entries(texts)) {
    const path = segments(pointer);
    const last = path.pop();
    let node: unknown = copy;
    for (const segment of path) {
      node =
        typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
    }
    if (last === undefined || typeof node !== 'object' || node === null) continue;
    const parent = node as Record<string, unknown>;
    if (typeof parent[last] === 'string') parent[last] = text;
  }
  return copy;
}

/**
 * The flow in another language: a copy with each pointer's string replaced by its translation (only
 * where the flow has a string there), and settings.locale set to the pack's locale so numbers, money
 * and plurals follow the language. Routes, rules, values and scores are not strings a pack can name
 * (the checker refuses such keys), so they stay as they are. The flow passed in is not changed.
 */
export function translateFlow<T extends Pick<Flow, 'settings'>>(flow: T, pack: LanguagePack | undefined): T {
  if (pack === undefined) return flow;
  const copy = translateDocument(flow, pack.texts);
  if (pack.list) {
    let next = 0;
    eachString(copy, (parent, key, text) => {
      if (text === TEXT_SLOT) parent[key] = pack.list?.[next++] ?? '';
    });
  }
  copy.settings = { ...copy.settings, locale: pack.locale };
  return copy;
}

/** A pack's texts of the result model's tables (they load with the result code) and the rest (first load). */
export function splitPack(pack: LanguagePack): { first: LanguagePack; tables: Record<string, string> } {
  const first: Record<string, string> = {};
  const tables: Record<string, string> = {};
  for (const [pointer, text] of Object.entries(pack.texts))
    (pointer.startsWith('/tables/') ? tables : first)[pointer] = text;
  return { first: { ...pack, texts: first }, tables };
}
