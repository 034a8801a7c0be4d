/**
 * The page's React tree, the same in the browser (main.tsx) and in the build's prerender
 * (prerender-screen.tsx), so hydration finds exactly the HTML the build wrote; and when to hydrate it.
 */
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelInput } from '../engine/funnel-context.ts';
import { normalizePath, routeTable } from '../engine/routes.ts';

/** The mark of a page drawn for any address that is no page of the flow (scripts/lib/prerender-pages.ts). */
const NOT_FOUND_MARK = '*';

/** `app`, then `later`: what only the browser draws, after the first render (the prerender has none of it). */
export function AppTree({ app, later }: { app: ReactNode; later?: ReactNode }) {
  return (
    <StrictMode>
      {app}
      <AfterFirstRender>{later}</AfterFirstRender>
    </StrictMode>
  );
}

function AfterFirstRender({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? children : null;
}

/**
 * Whether the HTML the build drew (`mark`: the path it was drawn for, from #root's
 * data-prerendered) is exactly this visit's first render: drawn for this address, and a fresh
 * visitor's (nothing stored that the first screen would show, no timer to resume, the address kept).
 */
export function matchesPrerender(mark: string | undefined, path: string, flow: Flow, input: FunnelInput): boolean {
  if (mark === undefined) return false;
  const here = normalizePath(path);
  const drawnHere = mark === NOT_FOUND_MARK ? routeTable(flow).screenFor(here) === undefined : mark === here;
  const fresh =
    Object.keys(input.answers).length === 0 &&
    Object.keys(input.data).length === 0 &&
    input.resume === undefined &&
    input.lostPhoto === undefined &&
    input.path === path;
  return drawnHere && fresh;
}
