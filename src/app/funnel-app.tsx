import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ScreenLoading } from '../components/screen-loading.tsx';
import { ScreenFrame } from '../components/screen-frame.tsx';
import { compileFlow, type FunnelSnapshot } from '../engine/compile-flow.ts';
import type { ScreenEvent } from '../engine/events.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { optionLabels } from '../engine/option-labels.ts';
import { routeTable } from '../engine/routes.ts';
import { createScopeBuilder } from '../engine/scope.ts';
import { currentScreenId, readsResult, screenView, type ScreenView } from '../engine/screen-view.ts';
import { resumeSession, saveSession } from '../engine/storage.ts';
import { syncUrl } from '../engine/url-sync.ts';
import { isRendererLoaded, preloadRenderer } from '../screens/registry.ts';
import type { LazyResults } from './lazy-results.ts';
import { trackGestureVisit, type GestureVisit } from './gesture-visit.ts';
import { runningTimer } from './running-timer.ts';
import { ScreenBody } from './screen-body.tsx';
import { useShownView } from './use-shown-view.ts';

export interface FunnelAppProps {
  flow: Flow;
  ports: FunnelPorts;
  /** The product's result code; screens that show a result wait until it is ready. */
  results: Pick<LazyResults, 'derive' | 'ready' | 'isReady'>;
  /** Where the visitor's data lives (sessionStorage in the browser). */
  storage: Storage | null;
  /** Told the id of every screen the visitor reaches (e.g. to prefetch the screens after it). */
  onScreen?: (screenId: string) => void;
}

/** Runs a flow: the machine, the address bar, the storage and the current screen. */
export function FunnelApp({ flow, ports, results, storage, onScreen }: FunnelAppProps) {
  const { machine, routes } = useMemo(
    () => ({ machine: compileFlow(flow, { ports, deriveResult: results.derive }), routes: routeTable(flow) }),
    [flow, ports, results],
  );
  const [resultsReady, setResultsReady] = useState(results.isReady);
  useEffect(() => {
    let live = true;
    results.ready.then(
      () => live && setResultsReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [results]);
  // Until the result code is in, screens derive no result (and the ones that show one wait).
  const scopeFor = useMemo(
    () => createScopeBuilder(flow.settings, resultsReady ? results.derive : () => ({}), optionLabels(flow)),
    [flow, results, resultsReady],
  );
  // A session left by another flow version, or on a screen that is gone, restarts cleanly.
  const input = useMemo(
    () => resumeSession(storage, flow, window.location.pathname),
    [storage, flow],
  );
  const actor = useActorRef(machine, { input });
  const snapshot = useSelector(actor, (s) => s);
  const view = useMemo(() => screenView(snapshot, flow, scopeFor), [snapshot, flow, scopeFor]);
  // A screen whose code is in draws at once; one still loading leaves the previous screen up.
  const isReady = useCallback(
    ({ screen }: ScreenView) => isRendererLoaded(screen.kind) && (resultsReady || !readsResult(screen)),
    [resultsReady],
  );
  const load = useCallback(
    ({ screen }: ScreenView) => Promise.all([preloadRenderer(screen.kind), readsResult(screen) ? results.ready : null]),
    [results],
  );
  const { shown, holding } = useShownView(view, isReady, load);
  const currentId = view?.id;
  useEffect(() => {
    if (currentId !== undefined) onScreen?.(currentId);
  }, [currentId, onScreen]);

  useEffect(() => syncUrl(actor, flow, routes, window), [actor, flow, routes]);

  // Screen events carry the visit their gesture began on, so a double tap can't skip a screen.
  const gesture = useRef<GestureVisit | null>(null);
  useEffect(() => {
    const tracker = trackGestureVisit(document, () => actor.getSnapshot().context.visit);
    gesture.current = tracker;
    return () => {
      tracker.stop();
      gesture.current = null;
    };
  }, [actor]);
  const send = useCallback(
    (event: ScreenEvent) =>
      actor.send(
        event.type === 'CONTINUE' || event.type === 'SELECT_OPTION' || event.type === 'CONTINUE_WITHOUT'
          ? { ...event, visit: gesture.current?.stamp() }
          : event,
      ),
    [actor],
  );

  useEffect(() => {
    // The screen is saved too, so a later flow version knows where this session was.
    let last = actor.getSnapshot();
    const save = (snapshot: FunnelSnapshot) =>
      saveSession(storage, flow, snapshot.context, currentScreenId(snapshot), {
        timer: runningTimer(snapshot, flow, window),
        photoChosen: snapshot.context.photo !== null,
      });
    save(last);
    const subscription = actor.subscribe((snapshot) => {
      const { context } = snapshot;
      const same = context.answers === last.context.answers && context.data === last.context.data;
      const place = context.visit === last.context.visit && context.photo === last.context.photo;
      if (same && place && snapshot.value === last.value) return;
      last = snapshot;
      save(snapshot);
    });
    return () => subscription.unsubscribe();
  }, [actor, storage, flow]);

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
  const waiting = !resultsReady && readsResult(screen);
  const disclaimer =
    'showDisclaimer' in screen && screen.showDisclaimer ? flow.settings.disclaimer : undefined;
  return (
    <div ref={mainRef} inert={holding} data-holding={holding || undefined}>
      <ScreenFrame brand={flow.settings.brand} progress={screen.progress} disclaimer={disclaimer}>
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
