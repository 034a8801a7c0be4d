/**
 * What a direct load waits for before its first render: the code of the screen its path opens (the
 * renderer chunk, and the result code for a screen that shows a result), which the route preload map
 * in index.html has been fetching alongside the entry. Rendering once it is in draws the screen in
 * one pass: no loading spinner committed and painted first, no second render when the chunk resolves
 * (and no Suspense fallback that React then holds for ~300 ms). Bounded: after `capMs` the app
 * renders anyway, with its spinner, so a slow chunk never leaves the page blank for long.
 */
import type { Flow, ScreenKind } from '../engine/flow-model.ts';
import { routeTable } from '../engine/routes.ts';
import { readsResult } from '../engine/screen-view.ts';
import { restingScreen } from '../engine/timed-visit.ts';

export interface FirstScreenCodeOptions {
  flow: Pick<Flow, 'screens' | 'settings' | 'notFound'>;
  path: string;
  /** The screen the first render shows, when known (openingScreen): a guard may send the visitor on. */
  id?: string | undefined;
  /** Loads a kind's renderer (registry.ts's preloadRenderer). */
  preload: (kind: ScreenKind) => Promise<void>;
  /** Loads the result code at once (LazyResults.need). */
  needResults: () => Promise<void>;
  /** Waits `ms` (a timer). */
  wait: (ms: number) => Promise<void>;
  capMs?: number;
}

/** Settles once the first screen's code is in, failed, or `capMs` passed; never rejects. */
export function firstScreenCode({
  flow,
  path,
  id: opening,
  preload,
  needResults,
  wait,
  capMs = 1000,
}: FirstScreenCodeOptions): Promise<void> {
  // An address that is no page opens the not-found screen (drawn by the build, hydrated once its code is in).
  const addressed = routeTable(flow).screenFor(path);
  const id = opening ?? (addressed === undefined ? flow.notFound : restingScreen(flow.screens, addressed));
  const screen = id !== undefined && Object.hasOwn(flow.screens, id) ? flow.screens[id] : undefined;
  if (!screen) return Promise.resolve();
  const code = Promise.all([preload(screen.kind), readsResult(screen) ? needResults() : null]);
  return Promise.race([code, wait(capMs)]).then(
    () => undefined,
    () => undefined,
  );
}
