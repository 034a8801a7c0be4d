/**
 * The visit's language, chosen once and kept for the visit, so a screen never changes language
 * mid-funnel: `?lang=` (any listed language, drafts included), else the language already chosen in
 * this visit (sessionStorage, beside the visitor's answers), else the phone's `navigator.languages`
 * matched with BCP 47 fallback (es-MX → es; drafts are never picked this way), else the default.
 * `<html lang>` and `dir` are set from it before tracking or hydration reads the page.
 */
import type { FlowLanguages } from './translation.ts';

/** Right-to-left scripts' languages, for browsers without Intl.Locale text info. */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

export type LanguageSource = 'query' | 'visit' | 'phone' | 'default';

export interface ChosenLanguage {
  language: string;
  source: LanguageSource;
}

export interface LanguageChoiceInput {
  languages: FlowLanguages;
  /** The address's query string, e.g. "?lang=es". */
  search: string;
  /** The language this visit already has (read from storage), if any. */
  stored?: string | null | undefined;
  /** navigator.languages, most preferred first. */
  preferred?: readonly string[] | undefined;
}

/** The listed language a tag names, exactly (case-insensitive) or by its primary subtag. */
export function matchLanguage(tag: string, listed: readonly string[]): string | undefined {
  const lower = tag.trim().toLowerCase();
  if (lower === '') return undefined;
  const exact = listed.find((language) => language.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  // es-MX → es; and zh-Hant-TW → zh-Hant before zh.
  const parts = lower.split('-');
  for (let n = parts.length - 1; n >= 1; n--) {
    const prefix = parts.slice(0, n).join('-');
    const found = listed.find((language) => language.toLowerCase() === prefix);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Chooses the visit's language (see the module comment for the order). */
export function chooseLanguage(input: LanguageChoiceInput): ChosenLanguage {
  const { languages } = input;
  const asked = new URLSearchParams(input.search).get('lang');
  const fromQuery = asked === null ? undefined : matchLanguage(asked, languages.available);
  if (fromQuery !== undefined) return { language: fromQuery, source: 'query' };
  const kept = input.stored == null ? undefined : matchLanguage(input.stored, languages.available);
  if (kept !== undefined) return { language: kept, source: 'visit' };
  const offered = languages.available.filter((language) => !languages.drafts.includes(language));
  for (const tag of input.preferred ?? []) {
    const found = matchLanguage(tag, offered);
    if (found !== undefined) return { language: found, source: 'phone' };
  }
  return { language: languages.default, source: 'default' };
}

interface TextInfoLocale {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/** "rtl" for a right-to-left language (Intl.Locale's text info where the browser has it), else "ltr". */
export function textDirection(language: string): 'rtl' | 'ltr' {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & TextInfoLocale;
    const info = typeof locale.getTextInfo === 'function' ? locale.getTextInfo() : locale.textInfo;
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
  } catch {
    // An unknown tag: fall back to the list.
  }
  return RTL.has((language.split('-')[0] ?? language).toLowerCase()) ? 'rtl' : 'ltr';
}

/** Where the visit's language is kept: beside the flow's answers in sessionStorage. */
export function languageKey(answersKey: string): string {
  return `${answersKey}_lang`;
}

/**
 * Chooses the visit's language, keeps it for the visit and sets `<html lang dir>`. Storage that
 * can't be read or written only means the choice is made again on the next load.
 */
export function startVisitLanguage(options: {
  languages: FlowLanguages;
  answersKey: string;
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  preferred: readonly string[] | undefined;
  root: { lang: string; dir: string } | undefined;
}): ChosenLanguage {
  const key = languageKey(options.answersKey);
  let stored: string | null = null;
  try {
    stored = options.storage?.getItem(key) ?? null;
  } catch {
    stored = null;
  }
  const chosen = chooseLanguage({ ...options, stored });
  try {
    options.storage?.setItem(key, chosen.language);
  } catch {
    // Kept for this page only.
  }
  if (options.root) {
    options.root.lang = chosen.language;
    options.root.dir = textDirection(chosen.language);
  }
  return chosen;
}
