/**
 * Runs the checker worker on every new text of the file and returns its newest result (with the last
 * flow that had no error, so the preview keeps showing something while the file is broken).
 */
import { useEffect, useRef, useState } from 'react';
import type { Flow } from '../engine/flow-model.ts';
import type { LanguageFileText } from '../engine/validation/translation-check.ts';
import type { CheckRequest, CheckResult } from './check-messages.ts';

export interface CheckState {
  result: CheckResult | undefined;
  /** The last flow that passed (null until one does). */
  lastGood: Flow | null;
}

export function useChecker(
  file: string,
  text: string | undefined,
  languageFiles?: readonly LanguageFileText[],
): CheckState {
  const worker = useRef<Worker | null>(null);
  const [state, setState] = useState<CheckState>({ result: undefined, lastGood: null });
  const next = useRef(0);
  useEffect(() => {
    const created = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<CheckResult>) => {
      const result = event.data;
      setState((old) => ({ result, lastGood: result.check.flow ?? old.lastGood }));
    };
    worker.current = created;
    return () => created.terminate();
  }, []);
  useEffect(() => {
    if (text === undefined || worker.current === null) return;
    next.current += 1;
    const request: CheckRequest = { id: next.current, file, text, ...(languageFiles === undefined ? {} : { languageFiles }) };
    worker.current.postMessage(request);
  }, [file, text, languageFiles]);
  return state;
}
