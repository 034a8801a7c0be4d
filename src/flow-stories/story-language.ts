/**
 * Storybook's language switch (the toolbar's "Language" global, .storybook/preview.ts): a story's
 * loader fetches the chosen language's texts (the same chunks the app loads) and the story shows the
 * flow in that language, with `<html lang dir>` set as the app sets them.
 */
import { packs, tablePacks } from 'virtual:flow-languages';
import type { Flow } from '../engine/flow-model.ts';
import { translateDocument, translateFlow, type LanguagePack } from '../engine/i18n/translation.ts';
import { textDirection } from '../engine/i18n/visit-language.ts';

export interface StoryLanguage {
  pack?: LanguagePack | undefined;
  tables?: Record<string, string> | undefined;
}

/** Loads a language's texts (nothing for the language the flow module already holds). */
export async function loadStoryLanguage(language: unknown): Promise<StoryLanguage> {
  if (typeof language !== 'string') return {};
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
  }
  const pack = Object.hasOwn(packs, language) ? await packs[language]?.() : undefined;
  const tables = Object.hasOwn(tablePacks, language) ? await tablePacks[language]?.() : undefined;
  return { pack, tables };
}

/** The flow in the loaded language. */
export function inStoryLanguage(flow: Flow, loaded: StoryLanguage | undefined): Flow {
  const translated = translateFlow(flow, loaded?.pack);
  return loaded?.tables ? translateDocument(translated, loaded.tables) : translated;
}
