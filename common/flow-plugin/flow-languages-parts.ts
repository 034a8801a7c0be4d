/**
 * How a flow's languages ship: each language's texts in a chunk of its own (pointer → text), loaded
 * before the app starts and modulepreloaded by that language's prerendered pages, so a visitor
 * downloads only her own language. A flow with more than one language ships its screens without their
 * texts in production (the default language is a chunk like the others); each language's table texts
 * load with the result code. Pointers are taken on the shipped part itself (a production build leaves
 * sample images out, which can shift list positions), by comparing it with the translated one. Node only.
 */
import flowSchema from '../../schemas/flow.schema.json' with { type: 'json' };
import type { Flow } from '../../src/engine/flow.gen.ts';
import { flowTexts } from '../../src/engine/i18n/flow-texts.ts';
import { valueAt } from '../../src/engine/i18n/text-pointers.ts';
import { pointerOf } from '../../src/engine/validation/flow-issue.ts';
import {
  flowLanguages,
  TEXT_SLOT,
  translateDocument,
  translateFlow,
  type LanguagePack,
} from '../../src/engine/i18n/translation.ts';
import { resultModel } from './flow-parts.ts';

export const LANGUAGES_ID = 'virtual:flow-languages';
export const TEXTS_PREFIX = 'virtual:flow-texts/';
export const TABLE_TEXTS_PREFIX = 'virtual:flow-table-texts/';

/** Whether the flow ships in more than one language. */
export function isMultilingual(flow: Flow): boolean {
  return flowLanguages(flow).available.length > 1;
}

/** Pointers whose texts stay in the main chunk: settings (read by code before any pack) and tables. */
// settings.interface is read only when a screen is drawn, after the texts are in: it rides in the chunk.
const KEPT = /^\/(settings\/(?!interface\/)|tables\/)/;

/** The flow with the texts a language chunk brings replaced by {@link TEXT_SLOT}. */
export function blankTexts(flow: Flow): Flow {
  const blanks: Record<string, string> = {};
  for (const pointer of flowTexts(flow, flowSchema).keys())
    if (!KEPT.test(pointer)) blanks[pointer] = TEXT_SLOT;
  return translateDocument(flow, blanks);
}

/** The pointers (within `a`) of the strings that differ between two documents of the same shape, with b's text. */
export function changedStrings(
  a: unknown,
  b: unknown,
  base = '',
  found: Record<string, string> = {},
): Record<string, string> {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a !== b) found[base] = b;
  } else if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    for (const [key, value] of Object.entries(a)) {
      changedStrings(value, (b as Record<string, unknown>)[key], pointerOf(base, key), found);
    }
  }
  return found;
}

/** The module listing each language's loaders: those the client may need before it starts. */
export function languagesModule(
  flow: Flow,
  stripped: boolean,
  packs: ReadonlyMap<string, LanguagePack>,
): string {
  const languages = flowLanguages(flow);
  const loaded = languages.available.filter((l) => (l === languages.default ? stripped : packs.has(l)));
  const tables = languages.available.filter((l) => l !== languages.default && packs.has(l));
  const loaders = (list: string[], prefix: string) =>
    `{${list.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(prefix + l)}).then((m) => m.default)`).join(', ')}}`;
  return [
    `export const languages = ${JSON.stringify(languages)};`,
    `export const packs = ${loaders(loaded, TEXTS_PREFIX)};`,
    `export const tablePacks = ${loaders(tables, TABLE_TEXTS_PREFIX)};`,
    '',
  ].join('\n');
}

/**
 * A language's first-load pack: the texts of the shipped part (`ship`) in that language, keyed by
 * their pointer in the part the main chunk holds (`shipped`).
 */
export function textsModule(
  flow: Flow,
  language: string,
  packs: ReadonlyMap<string, LanguagePack>,
  ship: (flow: Flow) => unknown,
  shipped: unknown,
  stripped = false,
): string {
  const languages = flowLanguages(flow);
  const pack = packs.get(language);
  if (language !== languages.default && pack === undefined)
    throw new Error(`no language file for "${language}"`);
  const locale = pack?.locale ?? flow.settings.locale ?? language;
  const translated = ship(translateFlow(flow, pack));
  const texts = changedStrings(shipped, translated);
  delete texts['/settings/locale'];
  if (!stripped) return `export default ${JSON.stringify({ language, locale, texts })};\n`;
  // The blanks' texts in document order, and by pointer only what is translated outside them (settings).
  const slots: string[] = [];
  eachSlotPointer(shipped, '', (pointer) => slots.push(pointer));
  for (const pointer of slots) delete texts[pointer];
  const list = slots.map((pointer) => {
    const text = valueAt(translated, pointer);
    return typeof text === 'string' ? text : '';
  });
  return `export default ${JSON.stringify({ language, locale, texts, list })};\n`;
}

/** The table texts of a language, loaded with the result code. */
export function tableTextsModule(
  flow: Flow,
  language: string,
  packs: ReadonlyMap<string, LanguagePack>,
): string {
  const translated = resultModel(translateFlow(flow, packs.get(language)));
  return `export default ${JSON.stringify(changedStrings(resultModel(flow), translated))};\n`;
}

/** Calls `visit` with the pointer of each {@link TEXT_SLOT} of a document, in document order (as eachString). */
function eachSlotPointer(node: unknown, base: string, visit: (pointer: string) => void): void {
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    const pointer = pointerOf(base, key);
    if (value === TEXT_SLOT) visit(pointer);
    else if (typeof value === 'object') eachSlotPointer(value, pointer, visit);
  }
}
