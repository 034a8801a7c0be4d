/**
 * The screen a Continue would lead to, drawn ahead of the tap: while the visitor reads a screen, the
 * next one is rendered hidden (React's Activity) in idle time, so the tap only has to reveal it. The
 * prediction is the machine's own next snapshot for a Continue (xstate's getNextSnapshot: no action
 * runs, nothing is sent), made afresh after every change of the snapshot (an answer can change the
 * route or the copy), and dropped when it leads nowhere new or its screen can't draw at once.
 */
import { startTransition, useEffect, useState } from 'react';
import { getNextSnapshot } from 'xstate';
import type { FunnelSnapshot } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { ScopeBuilder } from '../engine/scope.ts';
import { currentScreenId, screenView, type ScreenView } from '../engine/screen-view.ts';

/** Runs a task when the page is idle; returns a function that cancels it. */
export type IdleScheduler = (task: () => void) => () => void;

export interface Prediction {
  view: ScreenView;
  /** What the view draws, to recognise it in the real view after the tap. */
  fingerprint: string;
}

/** What a view draws: everything its renderer reads. */
export function viewFingerprint(view: ScreenView): string {
  const { id, screen, answers, canContinue, busy, error, errorField, photo } = view;
  return JSON.stringify([id, screen, answers, canContinue, busy, error, errorField, photo]);
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
    return { view, fingerprint: viewFingerprint(view) };
  } catch {
    // A rule that fails now fails on the tap too, where the error boundary shows it.
    return undefined;
  }
}

/**
 * The prediction for the current snapshot, made in idle time and rendered as a transition (so it
 * never holds up a tap). Without `idle` (tests, Storybook) nothing is predicted.
 */
export function usePrediction(
  snapshot: FunnelSnapshot,
  predict: (snapshot: FunnelSnapshot) => Prediction | undefined,
  idle: IdleScheduler | undefined,
): Prediction | undefined {
  const [prediction, setPrediction] = useState<Prediction | undefined>(undefined);
  useEffect(() => {
    if (!idle) return;
    return idle(() => {
      const next = predict(snapshot);
      startTransition(() => setPrediction(next));
    });
  }, [snapshot, predict, idle]);
  return prediction;
}

/** The real view, or the prediction's own object when it draws the same (so React reuses its render). */
export function adoptPrediction(view: ScreenView | undefined, prediction: Prediction | undefined): ScreenView | undefined {
  if (!view || !prediction || prediction.view.id !== view.id) return view;
  return viewFingerprint(view) === prediction.fingerprint ? prediction.view : view;
}

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

/** requestIdleCallback (at most `timeoutMs` away), or a short timer where the browser lacks it (Safari). */
export function idleScheduler(win: IdleWindow, timeoutMs = 1000): IdleScheduler {
  const { requestIdleCallback, cancelIdleCallback } = win;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function')
    return (task) => {
      const handle = requestIdleCallback.call(win, task, { timeout: timeoutMs });
      return () => cancelIdleCallback.call(win, handle);
    };
  return (task) => {
    const handle = win.setTimeout(task, 100);
    return () => win.clearTimeout(handle);
  };
}
