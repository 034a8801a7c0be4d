/**
 * The view a Continue would lead to (see predicted-view.ts), split off the first screen's bundle: it
 * is only needed once the visitor is reading a screen.
 */
import { getNextSnapshot } from 'xstate';
import type { FunnelSnapshot } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { ScopeBuilder } from '../engine/scope.ts';
import { currentScreenId, screenView, type ScreenView } from '../engine/screen-view.ts';
import type { Prediction } from './predicted-view.ts';

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
function viewFingerprint(view: ScreenView): string {
  const { id, screen, answers, canContinue, busy, error, errorField, photo } = view;
  return JSON.stringify([id, screen, answers, canContinue, busy, error, errorField, photo]);
}

/** A predicted view that stands in for the real one only when both draw exactly the same. */
export function predictionOf(predicted: ScreenView): Prediction {
  const fingerprint = viewFingerprint(predicted);
  return {
    view: predicted,
    adopt: (view) =>
      view && view.id === predicted.id && viewFingerprint(view) === fingerprint ? predicted : view,
  };
}
