import 'virtual:flow-theme.css';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { ScreenErrorBoundary } from '../components/screen-error-boundary.tsx';
import { compileFlow } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelPorts } from '../engine/ports.ts';
import { resolveRoute, routeTable } from '../engine/routes.ts';
import { createScopeBuilder } from '../engine/scope.ts';
import { currentScreenId } from '../engine/screen-view.ts';
import { resumeSession, saveSession } from '../engine/storage.ts';
import { syncUrl } from '../engine/url-sync.ts';
import type { LazyResults } from './lazy-results.ts';
import { CurrentScreen } from './current-screen.tsx';

export interface FunnelAppProps {
  flow: Flow;
  ports: FunnelPorts;
  /** The product's result code; screens that show a result wait until it is ready. */
  results: Pick<LazyResults, 'derive' | 'ready' | 'isReady'>;
  /** Where the visitor's data lives (sessionStorage in the browser). */
  storage: Storage | null;
}

/** Runs a flow: the machine, the address bar, the storage and the current screen (in an error boundary). */
export function FunnelApp({ flow, ports, results, storage }: FunnelAppProps) {
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
    () => createScopeBuilder(flow.settings, resultsReady ? results.derive : () => ({})),
    [flow, results, resultsReady],
  );
  // A session left by another flow version, or on a screen that is gone, restarts cleanly.
  const input = useMemo(
    () => resumeSession(storage, flow, window.location.pathname),
    [storage, flow],
  );
  const actor = useActorRef(machine, { input });

  useEffect(() => syncUrl(actor, flow, routes, window), [actor, flow, routes]);

  useEffect(() => {
    // The screen is saved too, so a later flow version knows where this session was.
    let last = actor.getSnapshot();
    saveSession(storage, flow, last.context, currentScreenId(last));
    const subscription = actor.subscribe({
      next: (snapshot) => {
        const { context } = snapshot;
        const same = context.answers === last.context.answers && context.data === last.context.data;
        if (same && currentScreenId(snapshot) === currentScreenId(last)) return;
        last = snapshot;
        saveSession(storage, flow, context, currentScreenId(snapshot));
      },
      // A machine error is shown (and logged) by the screen's error boundary, not thrown at the page.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [actor, storage, flow]);

  const start = flow.screens[flow.start]?.route;
  return (
    <ScreenErrorBoundary
      brand={flow.theme?.wordmark ?? flow.settings.brand}
      restartHref={start === undefined ? '/' : resolveRoute(start, flow.settings)}
      onError={(message) => ports.log.warn(`screen "${currentScreenId(actor.getSnapshot()) ?? 'boot'}" ${message}`)}
    >
      <CurrentScreen actor={actor} flow={flow} scopeFor={scopeFor} resultsReady={resultsReady} />
    </ScreenErrorBoundary>
  );
}
