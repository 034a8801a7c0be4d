import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ScreenLoading } from '../components/screen-loading.tsx';
import { ScreenFrame } from '../components/screen-frame.tsx';
import type { FunnelMachine } from '../engine/compile-flow.ts';
import type { ScreenEvent } from '../engine/events.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { ScopeBuilder } from '../engine/scope.ts';
import { readsResult, screenView, type ScreenView } from '../engine/screen-view.ts';
import { isRendererLoaded, preloadRenderer } from '../screens/registry.ts';
import type { LazyResults } from './lazy-results.ts';
import { ScreenBody } from './screen-body.tsx';
import { useShownView } from './use-shown-view.ts';

export interface CurrentScreenProps {
  actor: ActorRefFrom<FunnelMachine>;
  /** Sends a screen's events to the machine (stamped with the visit their gesture began on). */
  send: (event: ScreenEvent) => void;
  flow: Flow;
  scopeFor: ScopeBuilder;
  /** The result code's loader (a screen that shows a result asks for it and waits). */
  results: Pick<LazyResults, 'need'>;
  /** Whether the result code is in. */
  resultsReady: boolean;
  /** Told the id of every screen the visitor reaches. */
  onScreen?: (screenId: string) => void;
}

/**
 * The screen the machine is on, in its frame. Everything that can throw while a screen is drawn
 * (reading the machine, which rethrows a machine error; resolving copy and rules; the renderer) runs
 * here, below FunnelApp's error boundary. A screen whose code is in draws at once; one still loading
 * leaves the previous screen up (inert) instead of flashing a spinner.
 */
export function CurrentScreen({
  actor,
  send,
  flow,
  scopeFor,
  results,
  resultsReady,
  onScreen,
}: CurrentScreenProps) {
  const snapshot = useSelector(actor, (s) => s);
  const view = useMemo(() => screenView(snapshot, flow, scopeFor), [snapshot, flow, scopeFor]);
  // Asked of the screen as the flow writes it: the view's copy is already resolved, and a result not in
  // yet resolves to blanks ('0%', ' Probability') that no longer read as a result.
  const showsResult = useCallback(
    ({ id, screen }: ScreenView) =>
      readsResult(Object.hasOwn(flow.screens, id) ? (flow.screens[id] ?? screen) : screen),
    [flow],
  );
  const isReady = useCallback(
    (shown: ScreenView) => isRendererLoaded(shown.screen.kind) && (resultsReady || !showsResult(shown)),
    [resultsReady, showsResult],
  );
  const load = useCallback(
    (shown: ScreenView) =>
      Promise.all([preloadRenderer(shown.screen.kind), showsResult(shown) ? results.need() : null]),
    [results, showsResult],
  );
  const { shown, holding } = useShownView(view, isReady, load);
  const currentId = view?.id;
  useEffect(() => {
    if (currentId !== undefined) onScreen?.(currentId);
  }, [currentId, onScreen]);

  // Move focus to the new screen so screen readers announce it, and start at its top.
  const mainRef = useRef<HTMLDivElement>(null);
  const viewId = shown?.id;
  useEffect(() => {
    if (viewId === undefined) return;
    window.scrollTo?.(0, 0);
    const heading = mainRef.current?.querySelector<HTMLElement>('main h1, main h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  }, [viewId]);

  if (!shown) return null;
  const { screen } = shown;
  const waiting = !resultsReady && showsResult(shown);
  // The small print comes with the screen's content, not with a loading spinner: below a spinner it
  // sits at the foot of the viewport, and the content arriving would push it down (a layout shift).
  const drawn = !waiting && isRendererLoaded(screen.kind);
  const disclaimer =
    drawn && 'showDisclaimer' in screen && screen.showDisclaimer ? flow.settings.disclaimer : undefined;
  return (
    <div ref={mainRef} inert={holding} data-holding={holding || undefined}>
      <ScreenFrame
        brand={flow.theme?.wordmark ?? flow.settings.brand}
        progress={screen.progress}
        disclaimer={disclaimer}
      >
        {waiting ? (
          <ScreenLoading />
        ) : (
          <ScreenBody
            key={shown.id}
            kind={screen.kind}
            screen={screen}
            answers={shown.answers}
            canContinue={shown.canContinue}
            busy={shown.busy}
            error={shown.error}
            errorField={shown.errorField}
            photo={shown.photo}
            send={send}
          />
        )}
      </ScreenFrame>
    </div>
  );
}
