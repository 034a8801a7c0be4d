import { useSelector } from '@xstate/react';
import { Activity, Fragment, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { arriveAt } from './screen-arrival.ts';
import { usePrediction } from './predicted-view.ts';
import type { IdleScheduler } from './screen-prefetch.ts';
import { ScreenBody } from './screen-body.tsx';
import { useShownView } from './use-shown-view.ts';

/** How long after a screen is drawn ahead its staging is tried (see warm-layout.ts). */
const STAGE_WITHIN_MS = 5000;

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
  /** Schedules idle work: given, the screen a Continue leads to is drawn hidden ahead of the tap. */
  idle?: IdleScheduler | undefined;
}

/**
 * The screen the machine is on, in its frame. Everything that can throw while a screen is drawn
 * (reading the machine, which rethrows a machine error; resolving copy and rules; the renderer) runs
 * here, below FunnelApp's error boundary. A screen whose code is in draws at once; one still loading
 * leaves the previous screen up (inert) instead of flashing a spinner. With `idle`, the screen a
 * Continue leads to is already drawn, hidden, when the visitor taps (see predicted-view.ts).
 */
export function CurrentScreen({ actor, send, flow, scopeFor, results, resultsReady, onScreen, idle }: CurrentScreenProps) {
  const snapshot = useSelector(actor, (s) => s);
  // Whether a view's screen reads the result is asked of the flow's screen (see readsResult).
  const reads = useCallback((id: string) => readsResultIn(flow, id), [flow]);
  const isReady = useCallback(
    ({ id, screen }: ScreenView) => isRendererLoaded(screen.kind) && (resultsReady || !reads(id)),
    [resultsReady, reads],
  );
  const predictOptions = useMemo(() => ({ flow, scopeFor, isReady }), [flow, scopeFor, isReady]);
  const prediction = usePrediction(snapshot, predictOptions, idle);
  const actual = useMemo(() => screenView(snapshot, flow, scopeFor), [snapshot, flow, scopeFor]);
  // The view drawn ahead is reused when it draws the same as the real one: the tap only reveals it.
  const view = useMemo(() => (prediction ? prediction.adopt(actual) : actual), [actual, prediction]);
  const load = useCallback(
    ({ id, screen }: ScreenView) => Promise.all([preloadRenderer(screen.kind), reads(id) ? results.need() : null]),
    [results, reads],
  );
  const { shown, holding } = useShownView(view, isReady, load);
  const currentId = view?.id;
  useEffect(() => {
    if (currentId !== undefined) onScreen?.(currentId);
  }, [currentId, onScreen]);

  // Start a screen that replaces another at its top, and move focus to it so screen readers announce
  // it. Not the page's first screen: a page load starts at the top and is read from there, and that
  // screen may still be hydrating (the heading the build drew is not React's to change yet).
  const mainRef = useRef<HTMLDivElement>(null);
  const viewId = shown?.id;
  const pageLoaded = useRef(false);
  useEffect(() => {
    if (viewId === undefined) return undefined;
    if (!pageLoaded.current) {
      pageLoaded.current = true;
      return undefined;
    }
    return arriveAt(window, mainRef.current);
  }, [viewId]);

  // The screen drawn ahead is laid out out of sight in idle time, so the tap's reveal costs less
  // (warm-layout.ts). React commits a hidden Activity's content in slices of its own after the render
  // that asked for it, so this tries at each idle moment until it is in (for a few seconds at most).
  const ahead = prediction && !holding && prediction.view.id !== shown?.id ? prediction.view : undefined;
  useEffect(() => {
    if (!ahead || !idle) return undefined;
    const until = performance.now() + STAGE_WITHIN_MS;
    let cancel = () => {};
    let live = true;
    // Its code loads in idle time too: nothing of it is needed before a screen is drawn ahead.
    const warm = () =>
      void import('./warm-layout.ts').then(({ stageHiddenBodies }) => {
        if (!live) return;
        const main = mainRef.current?.querySelector('main') ?? null;
        if (stageHiddenBodies(main) === 0 && performance.now() < until) cancel = idle(warm);
      });
    cancel = idle(warm);
    return () => {
      live = false;
      cancel();
    };
  }, [ahead, idle]);

  // The screen the page opened on is drawn without an Activity boundary until the visitor leaves it:
  // in the build's drawing a boundary would be hydrated in a pass of its own after the page's, and a
  // tap in between would reach no handler. Screens after it come in Activity (drawn ahead, hidden).
  const [pageScreen, setPageScreen] = useState(shown?.id);
  if (pageScreen !== undefined && shown !== undefined && shown.id !== pageScreen) setPageScreen(undefined);

  if (!shown) return null;
  const { screen } = shown;
  const waiting = !resultsReady && reads(shown.id);
  // The small print comes with the screen's content, not with a loading spinner: below a spinner it
  // sits at the foot of the viewport, and the content arriving would push it down (a layout shift).
  const drawn = !waiting && isRendererLoaded(screen.kind);
  const disclaimer =
    drawn && 'showDisclaimer' in screen && screen.showDisclaimer ? flow.settings.disclaimer : undefined;
  // One keyed list, so the screen drawn ahead keeps its render when the tap makes it the shown one.
  const bodies = [
    waiting ? (
      <ScreenLoading key="loading" />
    ) : shown.id === pageScreen ? (
      <Fragment key={shown.id}>
        <ViewBody view={shown} send={send} />
      </Fragment>
    ) : (
      <Activity key={shown.id} mode="visible">
        <ViewBody view={shown} send={send} />
      </Activity>
    ),
    ahead && (
      <Activity key={ahead.id} mode="hidden">
        <ViewBody view={ahead} send={send} />
      </Activity>
    ),
  ];
  return (
    <div ref={mainRef} inert={holding} data-holding={holding || undefined}>
      <ScreenFrame
        brand={flow.theme?.wordmark ?? flow.settings.brand}
        logo={flow.theme?.logo}
        progress={screen.progress} disclaimer={disclaimer}>
        {bodies}
      </ScreenFrame>
    </div>
  );
}

function readsResultIn(flow: Flow, id: string): boolean {
  const screen = flow.screens[id];
  return screen !== undefined && readsResult(screen);
}

/** A view's screen, drawn again only when the view object changes. */
const ViewBody = memo(function ViewBody({ view, send }: { view: ScreenView; send: (event: ScreenEvent) => void }) {
  return (
    <ScreenBody
      kind={view.screen.kind}
      screen={view.screen}
      answers={view.answers}
      canContinue={view.canContinue}
      busy={view.busy}
      error={view.error}
      errorField={view.errorField}
      photo={view.photo}
      numbers={view.numbers}
      send={send}
    />
  );
});
