/**
 * The screen a Continue would lead to, drawn ahead of the tap: while the visitor reads a screen, the
 * next one is rendered hidden (React's Activity) in idle time, so the tap only has to reveal it. The
 * prediction is the machine's own next snapshot for a Continue (xstate's getNextSnapshot: no action
 * runs, nothing is sent), made afresh after every change of the snapshot (an answer can change the
 * route or the copy), and dropped when it leads nowhere new or its screen can't draw at once.
 */
import { startTransition, useEffect, useState } from 'react';
import type { FunnelSnapshot } from '../engine/compile-flow.ts';
import type { PredictOptions, Prediction } from './predict-next.ts';
import type { IdleScheduler } from './screen-prefetch.ts';

/**
 * The prediction for the current snapshot, made in idle time and rendered as a transition (so it
 * never holds up a tap). The predicting code is fetched then too: it has no place on the first
 * screen. Without `idle` (tests, Storybook) nothing is predicted.
 */
export function usePrediction(
  snapshot: FunnelSnapshot,
  options: PredictOptions,
  idle: IdleScheduler | undefined,
): Prediction | undefined {
  const [prediction, setPrediction] = useState<Prediction | undefined>(undefined);
  useEffect(() => {
    if (!idle) return;
    let live = true;
    const cancel = idle(() => {
      import('./predict-next.ts').then(
        ({ predictNext }) => {
          if (!live) return;
          const next = predictNext(snapshot, options);
          startTransition(() => setPrediction(next));
        },
        // Without the chunk (a network error) screens are simply drawn on the tap.
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [snapshot, options, idle]);
  return prediction;
}
