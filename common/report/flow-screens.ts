/**
 * What the report needs to know of a flow: which screen each tracked step name belongs to, and which
 * screens lie on the main path (reached from the start) or only on the chains old deep links open. The
 * order is for display only: figures come from the paths sessions took.
 */
import type { Flow, Screen } from '../../src/engine/flow.gen.ts';
import { transitions } from '../../src/engine/validation/graph-check.ts';

export interface TrackedScreen {
  screen: string;
  step: string;
  route: string | undefined;
}

function trackOf(screen: Screen): { journey?: string; step?: string } | undefined {
  return 'track' in screen ? screen.track : undefined;
}

function routeOf(screen: Screen): string | undefined {
  return 'route' in screen ? screen.route : undefined;
}

/** Screen ids in breadth-first order from `roots`, skipping `seen`. */
function walk(flow: Flow, roots: readonly string[], seen: Set<string>): string[] {
  const order: string[] = [];
  const queue = roots.filter((id) => !seen.has(id));
  queue.forEach((id) => seen.add(id));
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    order.push(id);
    const screen = flow.screens[id];
    if (!screen) continue;
    for (const { to } of transitions(id, screen))
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  }
  return order;
}

export interface FlowLayout {
  /** Tracked screens reached from the start, in walking order. */
  mainPath: TrackedScreen[];
  /** Tracked screens reached only from deep links, in walking order. */
  deepLinks: TrackedScreen[];
  /** Screen id by step name. */
  screenOfStep: Map<string, string>;
}

/** The tracked screens of a flow, main path first. */
export function flowLayout(flow: Flow): FlowLayout {
  const seen = new Set<string>();
  const main = walk(flow, [flow.start], seen);
  const others = walk(flow, Object.keys(flow.screens), seen);
  const tracked = (ids: string[]) =>
    ids.flatMap((id) => {
      const screen = flow.screens[id];
      const step = screen ? trackOf(screen)?.step : undefined;
      return screen && step !== undefined ? [{ screen: id, step, route: routeOf(screen) }] : [];
    });
  const mainPath = tracked(main);
  const deepLinks = tracked(others);
  return {
    mainPath,
    deepLinks,
    screenOfStep: new Map([...mainPath, ...deepLinks].map((entry) => [entry.step, entry.screen])),
  };
}

/** The step names whose view counts as reaching a journey step (screens that declare it). */
export function stepsOfJourney(flow: Flow, journey: string): string[] {
  return Object.values(flow.screens).flatMap((screen) => {
    const track = trackOf(screen);
    return track?.journey === journey && track.step !== undefined ? [track.step] : [];
  });
}

/** The step names of the flow's success exits (`track.goal`): ending there is a conversion. */
export function successSteps(flow: Flow): string[] {
  return Object.values(flow.screens).flatMap((screen) => {
    const track = 'track' in screen ? screen.track : undefined;
    return track?.goal === true && track.step !== undefined ? [track.step] : [];
  });
}
