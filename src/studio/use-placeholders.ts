/**
 * The placeholders in scope on the selected screen, worked out after the preview has been drawn (the
 * path analysis behind them takes tens of milliseconds on a large flow) and kept the same list while
 * an edit doesn't change them, so the inspector isn't redrawn for nothing.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { placeholderScope, type ScopedPlaceholder } from '../engine/flow-edit/placeholder-scope.ts';
import type { Flow } from '../engine/flow-model.ts';

const same = (a: readonly ScopedPlaceholder[], b: readonly ScopedPlaceholder[]) =>
  a.length === b.length && a.every((p, i) => p.text === b[i]?.text && p.source === b[i]?.source);

export function usePlaceholders(flow: Flow | undefined, screenId: string | undefined): readonly ScopedPlaceholder[] {
  const deferred = useDeferredValue(flow);
  const list = useMemo(() => (deferred && screenId !== undefined ? placeholderScope(deferred, screenId) : []), [deferred, screenId]);
  const [kept, setKept] = useState(list);
  const unchanged = same(list, kept);
  if (!unchanged) setKept(list);
  return unchanged ? kept : list;
}
