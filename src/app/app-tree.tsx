/**
 * The page's React tree, the same in the browser (main.tsx) and in the build's prerender
 * (prerender-screen.tsx), so hydration finds exactly the HTML the build wrote; and when to hydrate it.
 */
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import type { Assignment } from '../engine/experiment-assignment.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { FunnelInput } from '../engine/funnel-context.ts';
import { normalizePath, routeTable } from '../engine/routes.ts';
import { signalAppReady } from './app-ready.ts';

/** The mark of a page drawn for any address that is no page of the flow (scripts/lib/prerender-pages.ts). */
const NOT_FOUND_MARK = '*';

/** `app`, then `later`: what only the browser draws, after the first render (the prerender has none of it). */
export function AppTree({ app, later }: { app: ReactNode; later?: ReactNode }) {
  return (
    <StrictMode>
      {app}
      <AfterFirstRender>{later}</AfterFirstRender>
      <Ready />
    </StrictMode>
  );
}

/** Tells the page the first render is in (app-ready.ts): its effect runs after that commit, in the browser only. */
function Ready() {
  useEffect(() => signalAppReady(document), []);
  return null;
}

/**
 * Its children in the browser; nothing in the prerender, nor while React hydrates its HTML. They come
 * in a transition after the first render is in, in slices of their own: not in a synchronous render
 * inside the first render's effects (measured at 4× CPU: 36 ms added to the task that ends hydration).
 */
function AfterFirstRender({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}

/** What the build wrote on #root (its data- attributes): the path drawn for, and the variant shown. */
export interface Drawing {
  prerendered?: string | undefined;
  /** On a page an experiment changes: `<experiment>:<variant>` of the drawing #root holds (base: `<experiment>:`). */
  variant?: string | undefined;
}

/**
 * Whether the HTML the build drew is exactly this visit's first render: drawn for this address, the
 * visitor's variant of the experiment that changes the page (the page's inline script put it there),
 * and a fresh visitor's (nothing stored that the first screen would show, no timer to resume, the
 * address kept).
 */
export function matchesPrerender(
  drawing: Drawing,
  path: string,
  flow: Flow,
  input: FunnelInput,
  assignments: readonly Assignment[],
): boolean {
  const mark = drawing.prerendered;
  if (mark === undefined) return false;
  const here = normalizePath(path);
  const drawnHere = mark === NOT_FOUND_MARK ? routeTable(flow).screenFor(here) === undefined : mark === here;
  const fresh =
    Object.keys(input.answers).length === 0 &&
    Object.keys(input.data).length === 0 &&
    input.resume === undefined &&
    input.lostPhoto === undefined &&
    input.path === path;
  return drawnHere && fresh && drawnVariant(drawing, assignments);
}

function drawnVariant({ variant }: Drawing, assignments: readonly Assignment[]): boolean {
  if (variant === undefined) return true;
  const experiment = variant.slice(0, variant.indexOf(':'));
  const assigned = assignments.find((assignment) => assignment.experiment === experiment)?.variant ?? '';
  return variant === `${experiment}:${assigned}`;
}
