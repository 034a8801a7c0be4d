/**
 * Route resolution shared by the build-time validator and the browser's URL sync. Pure and
 * dependency-free on purpose: it ships in the first screen's bundle.
 */
import type { Flow } from './flow.gen.ts';

/** The `{settings.name}` placeholders a route may contain. */
const SETTING = /\{settings\.([A-Za-z_][\w-]*)\}/g;

/** The setting names a route reads, in order (e.g. ["citySlug"] for "/{settings.citySlug}-offer"). */
export function routeSettings(route: string): string[] {
  return Array.from(route.matchAll(SETTING), (m) => m[1] ?? '');
}

/**
 * The route with every `{settings.name}` replaced by that setting's value. An unknown setting is
 * left as written, so it can never match a real path (the validator rejects it anyway).
 */
export function resolveRoute(route: string, settings: Readonly<Record<string, unknown>>): string {
  return route.replace(SETTING, (whole, name: string) => {
    // Only text settings can be part of a path; structured ones (e.g. a banner's copy) stay unresolved.
    const value = Object.hasOwn(settings, name) ? settings[name] : undefined;
    return typeof value === 'string' ? value : whole;
  });
}

/**
 * A path as routes compare it: '/quiz/age-selection/' and '/quiz/age-selection' are the same page
 * (ads and people add trailing slashes); case is kept, because paths are case-sensitive on the web.
 */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Looks screens up by path and paths up by screen. */
export interface RouteTable {
  /** The screen a path opens (its route or one of its aliases), or undefined when none does. */
  screenFor(path: string): string | undefined;
  /** The canonical (resolved) route of a screen, or undefined for a screen without a route. */
  routeOf(screenId: string): string | undefined;
}

/** Builds the route table of a flow; the first screen to claim a path wins (validation forbids duplicates). */
export function routeTable(flow: Pick<Flow, 'screens' | 'settings'>): RouteTable {
  const byPath = new Map<string, string>();
  const byScreen = new Map<string, string>();
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (screen.route !== undefined) {
      const route = resolveRoute(screen.route, flow.settings);
      byScreen.set(id, route);
      if (!byPath.has(normalizePath(route))) byPath.set(normalizePath(route), id);
    }
    const aliases = 'aliases' in screen ? (screen.aliases ?? []) : [];
    for (const alias of aliases) {
      const path = normalizePath(resolveRoute(alias, flow.settings));
      if (!byPath.has(path)) byPath.set(path, id);
    }
  }
  return {
    screenFor: (path) => byPath.get(normalizePath(path)),
    routeOf: (screenId) => byScreen.get(screenId),
  };
}
