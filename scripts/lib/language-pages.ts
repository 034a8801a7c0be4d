/**
 * The prerendered pages of each language: the same pages as the default language's, drawn with the
 * flow in that language, under `_lang/<language>/` (dist/_lang/es/index.html), each with
 * `<html lang dir>`, the translated title and description, and a modulepreload of its language's
 * texts chunk, so the first paint is in her language and no round trip is added. Node only.
 */
import type { LanguagePack } from '../../src/engine/i18n/translation.ts';
import { textDirection } from '../../src/engine/i18n/visit-language.ts';

/** The flow's languages, written by the build beside the pages for the preview server. */
export const LANGUAGES_FILE = '_lang/languages.json';

/** The folder of a language's pages (the default language's are at the top). */
export function languageDir(language: string): string {
  return `_lang/${language}/`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The built index.html for one language: lang/dir, title and description, and its texts preloaded. */
export function languageShell(
  shell: string,
  language: string,
  pack: LanguagePack | undefined,
  preload: string | undefined,
): string {
  let out = shell.replace(
    /<html[^>]*>/,
    `<html lang="${escapeHtml(language)}" dir="${textDirection(language)}">`,
  );
  const title = pack?.texts['/theme/title'];
  if (title !== undefined) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  const description = pack?.texts['/theme/description'];
  if (description !== undefined)
    out = out.replace(
      /(<meta name="description" content=")[^"]*(")/,
      (_m, a: string, b: string) => `${a}${escapeHtml(description)}${b}`,
    );
  if (preload !== undefined)
    out = out.replace('</head>', `  <link rel="modulepreload" crossorigin href="/${preload}">\n  </head>`);
  return out;
}

/** The languages of an Accept-Language header, most wanted first ("es-MX,es;q=0.9,en;q=0.5"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * Netlify `_redirects` rows serving each language's own page file: `?lang=` first, then the
 * Accept-Language condition (never for a draft), placed before the default rows.
 */
export function languageRedirectRows(
  paths: readonly string[],
  file: (path: string) => string,
  languages: readonly { code: string; draft: boolean }[],
): string[] {
  const rows: string[] = [];
  for (const { code } of languages)
    for (const path of paths) rows.push(`${path} lang=${code} /${languageDir(code)}${file(path)} 200`);
  for (const { code, draft } of languages)
    if (!draft)
      for (const path of paths) rows.push(`${path} /${languageDir(code)}${file(path)} 200 Language=${code}`);
  return rows;
}
