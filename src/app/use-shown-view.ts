import { useEffect, useState } from 'react';
import type { ScreenView } from '../engine/screen-view.ts';

export interface ShownView {
  /** The view to draw: the current one once it can draw at once, else the last one that could. */
  shown: ScreenView | undefined;
  /** True while an older screen stays up because the current one is still loading. */
  holding: boolean;
}

/**
 * Keeps the previous screen on screen while the next one's code (its renderer chunk, or the result
 * code it reads) is still loading, instead of flashing a spinner after a tap; the screen switches as
 * soon as the code is in. With nothing to hold (the first screen, a deep link) the current view is
 * returned, and the caller's Suspense fallback or waiting state shows. A load that fails stops the
 * holding, so the visitor is never stuck on an old screen (the render then retries the load).
 */
export function useShownView(
  view: ScreenView | undefined,
  isReady: (view: ScreenView) => boolean,
  load: (view: ScreenView) => Promise<unknown>,
): ShownView {
  const ready = view === undefined || isReady(view);
  const [last, setLast] = useState<ScreenView | undefined>(undefined);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const [, setLoaded] = useState<ScreenView | undefined>(undefined);
  // Remember the latest drawable view (React's "state from the previous render" pattern).
  if (ready && view !== undefined && view !== last) setLast(view);

  useEffect(() => {
    if (ready || view === undefined) return;
    let live = true;
    load(view).then(
      () => live && setLoaded(view),
      () => live && setFailed(view.id),
    );
    return () => {
      live = false;
    };
  }, [view, ready, load]);

  const holding = !ready && last !== undefined && failed !== view?.id && last.id !== view?.id;
  return { shown: holding ? last : view, holding };
}
