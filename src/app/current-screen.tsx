import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Spinner } from '../components/spinner.tsx';
import { ScreenFrame } from '../components/screen-frame.tsx';
import type { FunnelMachine } from '../engine/compile-flow.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { ScopeBuilder } from '../engine/scope.ts';
import { readsResult, screenView } from '../engine/screen-view.ts';
import { ScreenBody } from './screen-body.tsx';

export interface CurrentScreenProps {
  actor: ActorRefFrom<FunnelMachine>;
  flow: Flow;
  scopeFor: ScopeBuilder;
  /** Whether the result code is in (screens that show a result wait until it is). */
  resultsReady: boolean;
}

/**
 * The screen the machine is on, in its frame. Everything that can throw while a screen is drawn
 * (reading the machine, which rethrows a machine error; resolving copy and rules; the renderer) runs
 * here, below FunnelApp's error boundary.
 */
export function CurrentScreen({ actor, flow, scopeFor, resultsReady }: CurrentScreenProps) {
  const snapshot = useSelector(actor, (s) => s);
  const view = useMemo(() => screenView(snapshot, flow, scopeFor), [snapshot, flow, scopeFor]);

  // Move focus to the new screen so screen readers announce it, and start at its top.
  const mainRef = useRef<HTMLDivElement>(null);
  const viewId = view?.id;
  useEffect(() => {
    if (viewId === undefined) return;
    window.scrollTo?.(0, 0);
    const heading = mainRef.current?.querySelector<HTMLElement>('main h1, main h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  }, [viewId]);

  if (!view) return null;
  const { screen } = view;
  const waiting = !resultsReady && readsResult(screen);
  const disclaimer =
    'showDisclaimer' in screen && screen.showDisclaimer ? flow.settings.disclaimer : undefined;
  return (
    <div ref={mainRef}>
      <ScreenFrame brand={flow.theme?.wordmark ?? flow.settings.brand} progress={screen.progress} disclaimer={disclaimer}>
        {waiting ? (
          <Spinner />
        ) : (
          <ScreenBody
            key={view.id}
            kind={screen.kind}
            screen={screen}
            answers={view.answers}
            canContinue={view.canContinue}
            busy={view.busy}
            error={view.error}
            errorField={view.errorField}
            photo={view.photo}
            send={actor.send}
          />
        )}
      </ScreenFrame>
    </div>
  );
}
