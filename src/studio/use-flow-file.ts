/**
 * The open flow file: its history of texts (flow-history.ts), loaded from the studio server, followed
 * on disk, and saved back.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchFlow, onDiskChange, writeFile } from './studio-api.ts';
import { diskChanged, edit, openHistory, redo, resolveConflict, saved, undo, type FlowHistory } from './flow-history.ts';

export interface FlowFile {
  history: FlowHistory | undefined;
  error: string | undefined;
  setText: (text: string) => void;
  undo: () => void;
  redo: () => void;
  resolve: (keep: 'mine' | 'disk') => void;
  save: () => Promise<void>;
}

export function useFlowFile(file: string): FlowFile {
  const [history, setHistory] = useState<FlowHistory | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetchFlow(file).then(
      (text) => live && setHistory(openHistory(text)),
      (cause: unknown) => live && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    const stop = onDiskChange((changed, text) => {
      if (changed === file) setHistory((h) => (h === undefined ? h : diskChanged(h, text)));
    });
    return () => {
      live = false;
      stop();
    };
  }, [file]);
  const update = useCallback((change: (h: FlowHistory) => FlowHistory) => setHistory((h) => (h === undefined ? h : change(h))), []);
  const save = useCallback(async () => {
    if (history === undefined) return;
    const text = history.present;
    try {
      await writeFile(file, text);
      setError(undefined);
      setHistory((h) => (h === undefined ? h : h.present === text ? saved(h) : { ...h, saved: text }));
    } catch (cause) {
      setError(`not saved: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }, [file, history]);
  return {
    history,
    error,
    setText: useCallback((text: string) => update((h) => edit(h, text)), [update]),
    undo: useCallback(() => update(undo), [update]),
    redo: useCallback(() => update(redo), [update]),
    resolve: useCallback((keep: 'mine' | 'disk') => update((h) => resolveConflict(h, keep)), [update]),
    save,
  };
}
