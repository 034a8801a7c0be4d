/**
 * The open flow's published versions, their figures, and the tip this tab's publishes are based on:
 * taken when the flow opens and moved only by this tab's own publish or restore, or once she has seen
 * what another publish changed (so a publish from a second tab never overwrites one she hasn't seen).
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchVersionFigures, fetchVersions, type VersionFigures, type VersionList } from './versions-api.ts';

export interface Versions {
  list: VersionList | undefined;
  error: string | undefined;
  figures: Record<string, VersionFigures>;
  figuresNote: string | undefined;
  /** The published tip this tab works from. */
  base: string | undefined;
  setBase: (head: string) => void;
  reload: () => void;
}

export function useVersions(file: string): Versions {
  const [list, setList] = useState<VersionList | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [figures, setFigures] = useState<Record<string, VersionFigures>>({});
  const [figuresNote, setFiguresNote] = useState<string | undefined>(undefined);
  const [base, setBase] = useState<string | undefined>(undefined);
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    let live = true;
    fetchVersions(file).then(
      (loaded) => {
        if (!live) return;
        setList(loaded);
        setError(undefined);
        setBase((b) => b ?? loaded.head);
        const revisions = loaded.versions.flatMap((v) => (v.revision === null ? [] : [v.revision]));
        fetchVersionFigures(file, revisions).then(
          (got) => live && (setFigures(got.figures), setFiguresNote(got.note)),
          (cause: unknown) => live && setFiguresNote(`No figures: ${cause instanceof Error ? cause.message : String(cause)}`),
        );
      },
      (cause: unknown) => live && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      live = false;
    };
  }, [file, nonce]);
  return { list, error, figures, figuresNote, base, setBase, reload: useCallback(() => setNonce((n) => n + 1), []) };
}
