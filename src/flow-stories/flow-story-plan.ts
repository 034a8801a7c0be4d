/**
 * Which stories a flow file gets, and how each one opens its screen. Pure and React-free: Storybook's
 * indexer (Node), the Vite plugin that writes the story modules, the story modules themselves and the
 * tests all read the same plan, so a screen added to the JSON gets its story everywhere at once.
 */
import type { Flow, Screen } from '../engine/flow-model.ts';
import { routeTable } from '../engine/routes.ts';

/** The seeded visitors a story can open a screen with (see seeded-visits.ts). */
export type VisitLevel = 'low' | 'medium' | 'high';

/** One story of a screen. */
export interface PlannedStory {
  /** The CSF export name (unique within the screen's story module). */
  exportName: 'Screen' | 'LowResult' | 'MediumResult' | 'HighResult';
  /** The name shown in the sidebar. */
  name: string;
  /** Whose stored answers and assessment the story starts with. */
  visit: VisitLevel;
}

/** How a story reaches its screen through the real engine. */
export type Opening =
  /** Deep-link to `path` (the screen's route, or an unknown path for the not-found screen). */
  | { path: string; via?: undefined }
  /** A screen without a route: open `path` (the screen before it) and press its button `via`. */
  | { path: string; via: string };

/** The stories of one screen. */
export interface ScreenStories {
  screenId: string;
  /** The sidebar title, built from the screen's route (e.g. "Flow/quiz/age-selection"). */
  title: string;
  /** The screen's resolved route, when it has one. */
  route: string | undefined;
  opening: Opening;
  stories: PlannedStory[];
}

/** A path no flow claims: the not-found screen's story opens it. */
export const UNKNOWN_PATH = '/a-page-that-does-not-exist';

const RESULT_STORIES: PlannedStory[] = [
  { exportName: 'LowResult', name: 'Low result', visit: 'low' },
  { exportName: 'MediumResult', name: 'Medium result', visit: 'medium' },
  { exportName: 'HighResult', name: 'High result', visit: 'high' },
];

/** The plan for every screen of the flow, in the file's order. */
export function flowStoryPlan(flow: Pick<Flow, 'screens' | 'settings' | 'notFound'>): ScreenStories[] {
  const routes = routeTable(flow);
  const paths = Object.keys(flow.screens).flatMap((id) => routes.routeOf(id) ?? []);
  return Object.entries(flow.screens).map(([screenId, screen]) => {
    const route = routes.routeOf(screenId);
    const opening = openingOf(flow, screenId, route);
    const title = `Flow/${titleOf(screenId, route, screenId === flow.notFound, paths)}`;
    const stories: PlannedStory[] = showsResult(screen)
      ? RESULT_STORIES
      : [{ exportName: 'Screen', name: title.slice(title.lastIndexOf('/') + 1), visit: 'medium' }];
    return { screenId, title, route, opening, stories };
  });
}

/** The plan of one screen; throws when the flow has no such screen. */
export function screenStoryPlan(
  flow: Pick<Flow, 'screens' | 'settings' | 'notFound'>,
  screenId: string,
): ScreenStories {
  const plan = flowStoryPlan(flow).find((entry) => entry.screenId === screenId);
  if (!plan) throw new Error(`the flow has no screen "${screenId}"`);
  return plan;
}

// Sidebar titles split on "/", so the route's own slashes nest the screens like the site's paths. A
// route other routes live under (/, /quiz) is that group's "index": a title can't be a story and a
// group at once.
function titleOf(screenId: string, route: string | undefined, notFound: boolean, paths: string[]): string {
  if (notFound) return `(any other path)/${screenId}`;
  if (route === undefined) return `(no route)/${screenId}`;
  const path = route.replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') return 'index';
  return paths.some((other) => other.startsWith(`/${path}/`)) ? `${path}/index` : path;
}

function openingOf(
  flow: Pick<Flow, 'screens' | 'settings' | 'notFound'>,
  screenId: string,
  route: string | undefined,
): Opening {
  if (screenId === flow.notFound) return { path: UNKNOWN_PATH };
  if (route !== undefined) return { path: route };
  // A screen without a route (e.g. 'Creating Your Protocol') is only reached by the button before it.
  const routes = routeTable(flow);
  for (const [id, screen] of Object.entries(flow.screens)) {
    const before = routes.routeOf(id);
    const button = buttonOf(screen);
    if (before !== undefined && button !== undefined && 'next' in screen && screen.next === screenId) {
      return { path: before, via: button };
    }
  }
  throw new Error(
    `screen "${screenId}" has no route and no screen with a route and a button leads to it, so no story can open it`,
  );
}

// Copy a visitor sees, as opposed to what runs when she leaves (a screen may store the result unseen).
const UNSEEN = new Set(['continue', 'enter', 'requires', 'track', 'next', 'after']);

/** Whether a screen's visible copy reads the computed result: it gets a low, medium and high story. */
export function showsResult(screen: Screen): boolean {
  const seen = Object.entries(screen).filter(([key]) => !UNSEEN.has(key));
  return JSON.stringify(seen).includes('result.');
}

function buttonOf(screen: Screen): string | undefined {
  return 'button' in screen && typeof screen.button === 'string' && !screen.button.includes('{')
    ? screen.button
    : undefined;
}
