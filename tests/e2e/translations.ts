/**
 * A flow's translation file (flows/<flow>.<lang>.json: JSON pointer → { en, <lang> }) as the
 * end-to-end tests read it: the walks take their expected texts from it instead of copying them, and
 * walk the flow with that language's texts in place (routes, values and rules are the same).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFlow, repoRoot, type FlowFile } from './harness.ts';

export interface TranslationFile {
  language: string;
  texts: Record<string, Record<string, string>>;
}

/** The translation file of `flowFile` (e.g. flows/skin-funnel.json) for `language`. */
export function loadTranslation(flowFile: string, language: string): TranslationFile {
  const path = join(repoRoot, flowFile.replace(/\.json$/, `.${language}.json`));
  const file = JSON.parse(readFileSync(path, 'utf8')) as TranslationFile;
  if (file.language !== language) throw new Error(`${path} says its language is "${file.language}", not "${language}"`);
  return file;
}

/** RFC 6901: "/screens/a~1b/0" → ["screens", "a/b", "0"]. */
function pointerKeys(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Sets the string at `pointer` in `root`; throws when the pointer names no string of the flow. */
function setText(root: unknown, pointer: string, text: string): void {
  const keys = pointerKeys(pointer);
  const last = keys.pop();
  const parent = keys.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
  if (last === undefined || !parent || typeof parent !== 'object' || typeof (parent as Record<string, unknown>)[last] !== 'string') {
    throw new Error(`translation key ${pointer} names no text of the flow`);
  }
  (parent as Record<string, unknown>)[last] = text;
}

/** `flowFile` with every text of its `language` translation in place of the English. */
export function translatedFlow(flowFile: string, language: string): FlowFile {
  const flow = structuredClone(loadFlow(flowFile));
  for (const [pointer, texts] of Object.entries(loadTranslation(flowFile, language).texts)) {
    const text = texts[language];
    if (text === undefined) throw new Error(`translation key ${pointer} has no "${language}" text`);
    setText(flow, pointer, text);
  }
  return flow;
}
