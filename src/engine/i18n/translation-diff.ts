/**
 * What changed between two versions of a language file, one line per text, for `npm run flow:diff`:
 * translations added, removed or reworded, and sources that changed under a translation.
 */
import type { TranslationFile } from './translation.ts';

function quote(text: string | undefined): string {
  const shown = JSON.stringify(text ?? '') ?? '""';
  return shown.length > 70 ? `${shown.slice(0, 67)}…"` : shown;
}

/** The changes from `before` to `after` (either may be missing: a file added or deleted). */
export function diffTranslations(
  before: TranslationFile | undefined,
  after: TranslationFile | undefined,
): string[] {
  const language = after?.language ?? before?.language ?? '?';
  const old = before?.texts ?? {};
  const now = after?.texts ?? {};
  const lines: string[] = [];
  if (before === undefined) lines.push(`language ${language}: file added`);
  if (after === undefined) lines.push(`language ${language}: file removed`);
  if (before && after && before.locale !== after.locale)
    lines.push(`language ${language}: locale ${quote(before.locale)} → ${quote(after.locale)}`);
  for (const [pointer, entry] of Object.entries(now)) {
    const was = Object.hasOwn(old, pointer) ? old[pointer] : undefined;
    const text = entry[language];
    if (was === undefined) {
      lines.push(`language ${language}: ${pointer} translated ${quote(text)}`);
      continue;
    }
    if (was[language] !== text)
      lines.push(`language ${language}: ${pointer} ${quote(was[language])} → ${quote(text)}`);
    const sources = (e: Record<string, string>) =>
      Object.entries(e).filter(([key]) => key !== language && key !== 'outdated');
    if (JSON.stringify(sources(was)) !== JSON.stringify(sources(entry)))
      lines.push(`language ${language}: ${pointer} source now ${quote(sources(entry)[0]?.[1])}`);
  }
  for (const pointer of Object.keys(old))
    if (!Object.hasOwn(now, pointer)) lines.push(`language ${language}: ${pointer} translation removed`);
  return lines;
}
