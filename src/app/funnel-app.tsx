import 'virtual:flow-theme.css';
import { useActorRef } from '@xstate/react';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setInterfaceTexts } from '../components/interface-texts.ts';
import { ScreenErrorBoundary } from '../components/screen-error-boundary.tsx';
import type { FunnelSnapshot } from '../engine/compile-flow.ts';
import type { ScreenEvent } from '../engine/events.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { optionLabels } from '../engine/option-labels.ts';
import { resolveRoute, routeTable } from '../engine/routes.ts';
import { createScopeBuilder } from '../engine/scope.ts';
import { currentScreenId } from '../engine/screen-view.ts';
import { resumeSession, saveSession } from '../engine/storage.ts';
import { syncUrl } from '../engine/url-sync.ts';
import { compiledMachine } from './compiled-machine.ts';
import type { LazyResults } from './lazy-results.ts';
import { CurrentScreen } from './current-screen.tsx';
import type { IdleScheduler } from './screen-prefetch.ts';
import { trackGestureVisit, type GestureVisit } from './gesture-visit.ts';
import { runningTimer } from './running-timer.ts';

export interface FunnelAppProps {
  flow: Flow;
  ports: FunnelPorts;
  /** The product's result code; screens that show a result wait until it is ready. */
  results: Pick<LazyResults, 'derive' | 'display' | 'ready' | 'isReady' | 'need'>;
  /** Where the visitor's data lives (sessionStorage in the browser). */
  storage: Storage | null;
  /** Told the id of every screen the visitor reaches (e.g. to prefetch the screens after it). */
  onScreen?: (screenId: string) => void;
  /** Idle time to draw the next screen in ahead of the tap (see predicted-view.ts); none in tests. */
  idle?: IdleScheduler;
  /** The address the visitor opened (default: the window's; the build's prerender has no window). */
  path?: string;
}

/** Runs a flow: the machine, the address bar, the storage and the current screen (in an error boundary). */
export function FunnelApp({ flow, ports, results, storage, onScreen, idle, path }: FunnelAppProps) {
  const { machine, routes } = useMemo(
    () => ({
      machine: compiledMachine(flow, { ports, deriveResult: results.derive }),
      routes: routeTable(flow),
    }),
    [flow, ports, results],
  );
  const [resultsReady, setResultsReady] = useState(results.isReady);
  useEffect(() => {
    let live = true;
    // A transition: every screen on show draws again with the result, in slices between other work.
    results.ready.then(
      () => live && startTransition(() => setResultsReady(true)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [results]);
  // Until the result code is in, screens derive no result (and the ones that show one wait).
  const scopeFor = useMemo(
    () =>
      createScopeBuilder(
        flow.settings,
        resultsReady ? (results.display ?? results.derive) : () => ({}),
        optionLabels(flow),
      ),
    [flow, results, resultsReady],
  );
  // A session left by another flow version, or on a screen that is gone, restarts cleanly.
  const input = useMemo(
    () => resumeSession(storage, flow, path ?? window.location.pathname),
    [storage, flow, path],
  );
  const actor = useActorRef(machine, { input });

  // The address changes with the screen, in the same task: one painted frame never shows a screen
  // under another's address.
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
        event.type === 'CONTINUE' || event.type === 'CONTINUE_WITHOUT'
          ? { ...event, visit: gesture.current?.stamp(true) }
          : event.type === 'SELECT_OPTION'
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
    const subscription = actor.subscribe({
      next: (snapshot) => {
        const { context } = snapshot;
        const same = context.answers === last.context.answers && context.data === last.context.data;
        const place = context.visit === last.context.visit && context.photo === last.context.photo;
        if (same && place && snapshot.value === last.value) return;
        // Told in the task that changed the screen, so a press on the new one is measured from then.
        if (context.visit !== last.context.visit) gesture.current?.arrived(context.visit);
        last = snapshot;
        save(snapshot);
      },
      // A machine error is shown (and logged) by the screen's error boundary, not thrown at the page.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [actor, storage, flow]);

  // The engine's own words on every screen, in the flow's (visit's) language.
  setInterfaceTexts(flow.settings.interface);
  const start = flow.screens[flow.start]?.route;
  return (
    <ScreenErrorBoundary
      brand={flow.theme?.wordmark ?? flow.settings.brand}
      logo={flow.theme?.logo}
      restartHref={start === undefined ? '/' : resolveRoute(start, flow.settings)}
      onError={(message) =>
        ports.log.warn(`screen "${currentScreenId(actor.getSnapshot()) ?? 'boot'}" ${message}`)
      }
    >
      <CurrentScreen
        actor={actor}
        send={send}
        flow={flow}
        scopeFor={scopeFor}
        results={results}
        resultsReady={resultsReady}
        onScreen={onScreen}
        idle={idle}
      />
    </ScreenErrorBoundary>
  );
}
