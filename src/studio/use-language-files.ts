/**
 * The language files beside the studio's flow (flows/<flow>.<language>.json), as the checker needs
 * them: read when the flow names its languages, and again whenever one changes on disk (a translator
 * saving it, `npm run flow:translate`). A language with no file is left out, so the checker says it
 * is listed but has no file, as flow:check does.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Flow } from '../engine/flow-model.ts';
import { flowLanguages, translationFileName } from '../engine/i18n/translation.ts';
import type { LanguageFileText } from '../engine/validation/translation-check.ts';
import { fetchFlow, onDiskChange } from './studio-api.ts';

export function useLanguageFiles(file: string, flow: Flow | null | undefined): readonly LanguageFileText[] | undefined {
  const names = useMemo(() => {
    if (!flow) return undefined;
    const { default: source, available } = flowLanguages(flow);
    return available.filter((language) => language !== source).map((language) => translationFileName(file, language));
  }, [file, flow]);
  const key = names?.join(' ');
  const [files, setFiles] = useState<{ key: string | undefined; files: LanguageFileText[] }>();
  useEffect(() => {
    const wanted = key === undefined || key === '' ? [] : key.split(' ');
    let live = true;
    const load = () =>
      Promise.all(wanted.map((name) => fetchFlow(name).then((text) => [{ file: name, text }], () => []))).then(
        (read) => live && setFiles({ key, files: read.flat() }),
      );
    void load();
    const stop = onDiskChange((changed) => {
      if (wanted.includes(changed)) void load();
    });
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  return files?.key === key ? files?.files : undefined;
}
