/**
 * The studio's language switch: the toolbar's Language select previews the flow in one of its
 * languages, read from the language file beside it (flows/<flow>.<language>.json) each time she
 * chooses it. The flow file itself is what she edits; the preview only shows the translation.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Flow } from '../engine/flow-model.ts';
import {
  flowLanguages,
  languagePack,
  translateFlow,
  translationFileName,
  type LanguagePack,
  type TranslationFile,
} from '../engine/i18n/translation.ts';
import { fetchFlow } from './studio-api.ts';

export interface StudioLanguage {
  languages: readonly string[];
  /** The previewed language (the default: the flow file as it is). */
  language: string;
  setLanguage: (language: string) => void;
  /** The flow in the previewed language. */
  translate: <T extends Flow | null | undefined>(flow: T) => T;
  /** Why the language file could not be read, if it could not. */
  problem: string | undefined;
}

export function useStudioLanguage(file: string, flow: Flow | null | undefined): StudioLanguage {
  const languages = useMemo(() => (flow ? flowLanguages(flow) : undefined), [flow]);
  const [chosen, setLanguage] = useState<string | undefined>(undefined);
  const [pack, setPack] = useState<{ key: string; pack: LanguagePack | undefined; problem?: string }>();
  const language =
    chosen !== undefined && languages?.available.includes(chosen) ? chosen : (languages?.default ?? '');
  const key = `${file} ${language}`;
  useEffect(() => {
    if (languages === undefined || language === languages.default) return;
    let live = true;
    fetchFlow(translationFileName(file, language)).then(
      (text) => live && setPack({ key, pack: languagePack(JSON.parse(text) as TranslationFile) }),
      (error: unknown) =>
        live &&
        setPack({ key, pack: undefined, problem: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [file, key, language, languages]);
  const current = pack?.key === key ? pack : undefined;
  const shownPack = current?.pack;
  const translate = useCallback(
    <T extends Flow | null | undefined>(shown: T): T =>
      shown && shownPack ? (translateFlow(shown, shownPack) as T) : shown,
    [shownPack],
  );
  return {
    languages: languages?.available ?? [],
    language,
    setLanguage,
    translate,
    problem: current?.problem,
  };
}
