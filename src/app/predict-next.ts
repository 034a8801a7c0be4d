/**
 * The view a Continue would lead to (predicted-view.ts draws it ahead), split off the first screen's
 * bundle: it is only needed once the visitor is reading a screen. Imports go one way: predicted-view
 * imports this module (its types, and the module itself in idle time), never the other way round.
 */
import { getNextSnapshot } from 'xstate';
import type { FunnelSnapshot } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { ScopeBuilder } from '../engine/scope.ts';
import { currentScreenId, screenView, type ScreenView } from '../engine/screen-view.ts';

export interface Prediction {
  view: ScreenView;
  /**
   * The real view after the tap, or this prediction's own view object when it draws the same (so
   * React reuses what it drew ahead).
   */
  adopt(view: ScreenView | undefined): ScreenView | undefined;
}

export interface PredictOptions {
  flow: Flow;
  scopeFor: ScopeBuilder;
  /** Whether a view's screen can draw at once (its code is in). */
  isReady: (view: ScreenView) => boolean;
}

/** The view a Continue on `snapshot` leads to, when it is another screen that can draw at once. */
export function predictNext(snapshot: FunnelSnapshot, options: PredictOptions): Prediction | undefined {
  if (snapshot.status !== 'active') return undefined;
  const current = currentScreenId(snapshot);
  try {
    const next = getNextSnapshot(snapshot.machine, snapshot, { type: 'CONTINUE', visit: snapshot.context.visit });
    const view = screenView(next, options.flow, options.scopeFor);
    if (!view || view.id === current || !options.isReady(view)) return undefined;
    return predictionOf(view);
  } catch {
    // A rule that fails now fails on the tap too, where the error boundary shows it.
    return undefined;
  }
}

/** What a view draws: everything its renderer reads. */
function drawnParts(view: ScreenView): unknown[] {
  const { id, screen, answers, canContinue, busy, error, errorField, photo } = view;
  return [id, screen, answers, canContinue, busy, error, errorField, photo];
}

/**
 * Whether two JSON-like values are equal as JSON would write them (a property set to undefined is no
 * property). Compared in place, the same object or string at once: serialising both ran inside the
 * tap, and a chosen photo (a data URL of a few hundred KB) was written out and compared every time.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const entries = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const left = entries(a);
  const right = new Map(entries(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameJson(value, right.get(key)));
}

/** A predicted view that stands in for the real one only when both draw exactly the same. */
export function predictionOf(predicted: ScreenView): Prediction {
  const drawn = drawnParts(predicted);
  return {
    view: predicted,
    adopt: (view) => (view && view.id === predicted.id && sameJson(drawnParts(view), drawn) ? predicted : view),
  };
}
