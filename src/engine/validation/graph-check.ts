/**
 * Checks of the flow as a graph, which JSON Schema can't express: targets exist, paths are unique,
 * every screen can be reached, redirect screens lead somewhere.
 */
import type { Flow, Screen } from '../flow.gen.ts';
import { normalizePath, resolveRoute } from '../routes.ts';
import { placeholders } from '../template.ts';
import { didYouMean } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';

/** What checks may know beyond the flow itself. */
export interface CheckContext {
  /** The names readable as {result.name}: the flow's computations (and any extra keys a caller adds). */
  resultKeys: readonly string[];
}

/** One check over a schema-valid flow. Later checks (warnings, path proofs) plug in with this shape. */
export type FlowCheck = (flow: Flow, context: CheckContext) => Finding[];

/** A way from one screen to another, with the pointer of the target id in the file. */
export interface Transition {
  from: string;
  to: string;
  pointer: string;
  via: 'next' | 'after' | 'otherwise';
}

/** Every transition a screen declares: next (plain or guarded), after.to and requires.otherwise. */
export function transitions(id: string, screen: Screen): Transition[] {
  if (screen.kind === 'not-found') return [];
  const base = pointerOf('/screens', id);
  const found: Transition[] = [];
  const { next } = screen;
  if (typeof next === 'string')
    found.push({ from: id, to: next, pointer: pointerOf(base, 'next'), via: 'next' });
  else
    next?.forEach((target, i) =>
      found.push({ from: id, to: target.to, pointer: pointerOf(base, 'next', i, 'to'), via: 'next' }),
    );
  if ('after' in screen && screen.after.to !== undefined) {
    found.push({ from: id, to: screen.after.to, pointer: pointerOf(base, 'after', 'to'), via: 'after' });
  }
  if (screen.requires) {
    found.push({
      from: id,
      to: screen.requires.otherwise,
      pointer: pointerOf(base, 'requires', 'otherwise'),
      via: 'otherwise',
    });
  }
  return found;
}

function allTransitions(flow: Flow): Transition[] {
  return Object.entries(flow.screens).flatMap(([id, screen]) => transitions(id, screen));
}

function unknownScreen(flow: Flow, pointer: string, id: string): Finding {
  return error(
    pointer,
    `unknown screen "${id}"`,
    didYouMean(id, Object.keys(flow.screens)) ?? 'use the id of a screen under "screens"',
  );
}

/** start, notFound and every transition name an existing screen; notFound is a not-found screen. */
export const checkTargets: FlowCheck = (flow) => {
  const exists = (id: string) => Object.hasOwn(flow.screens, id);
  const found: Finding[] = [];
  if (!exists(flow.start)) found.push(unknownScreen(flow, '/start', flow.start));
  if (!exists(flow.notFound)) found.push(unknownScreen(flow, '/notFound', flow.notFound));
  else if (flow.screens[flow.notFound]?.kind !== 'not-found') {
    found.push(
      error(
        '/notFound',
        `screen "${flow.notFound}" is not a not-found screen`,
        'point "notFound" at a screen with "kind": "not-found"',
      ),
    );
  }
  for (const t of allTransitions(flow)) if (!exists(t.to)) found.push(unknownScreen(flow, t.pointer, t.to));
  return found;
};

/**
 * Routes only read settings that exist, and every route and alias opens exactly one screen. Routes
 * claim their paths before aliases, so a clash between the two is reported on the alias.
 */
export const checkRoutes: FlowCheck = (flow) => {
  const paths: { id: string; route: string; pointer: string; what: 'route' | 'alias' }[] = [];
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (screen.route !== undefined)
      paths.push({ id, route: screen.route, pointer: pointerOf('/screens', id, 'route'), what: 'route' });
  }
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (screen.kind === 'not-found') continue;
    screen.aliases?.forEach((route, i) =>
      paths.push({ id, route, pointer: pointerOf('/screens', id, 'aliases', i), what: 'alias' }),
    );
  }
  const found: Finding[] = [];
  const claimed = new Map<string, { id: string; what: string }>();
  for (const { id, route, pointer, what } of paths) {
    const bad = placeholders(route).filter((path) => {
      const [root, name, ...rest] = path.split('.');
      return (
        root !== 'settings' || name === undefined || rest.length > 0 || !Object.hasOwn(flow.settings, name)
      );
    });
    for (const path of bad) {
      const hint = path.startsWith('settings.')
        ? (didYouMean(path.slice(9), Object.keys(flow.settings)) ?? 'add it under "settings"')
        : 'a route may only contain {settings.name} placeholders';
      found.push(error(pointer, `unknown setting "{${path}}" in this ${what}`, hint));
    }
    if (bad.length > 0) continue;
    const path = normalizePath(resolveRoute(route, flow.settings));
    const owner = claimed.get(path);
    if (owner) {
      const whose = owner.id === id ? 'this screen' : `screen "${owner.id}"`;
      found.push(
        error(
          pointer,
          `the path "${path}" is already the ${owner.what} of ${whose}`,
          'every route and alias must open exactly one screen: change or remove one of them',
        ),
      );
    } else {
      claimed.set(path, { id, what });
    }
  }
  return found;
};

/** Every screen is reachable from start, from an entry screen (old deep links) or is the not-found screen. */
export const checkReachable: FlowCheck = (flow) => {
  const outgoing = new Map<string, string[]>();
  for (const t of allTransitions(flow)) outgoing.set(t.from, [...(outgoing.get(t.from) ?? []), t.to]);
  const roots = [
    flow.start,
    flow.notFound,
    ...Object.keys(flow.screens).filter((id) => isEntry(flow.screens[id])),
  ];
  const reached = new Set<string>();
  const queue = roots.filter((id) => Object.hasOwn(flow.screens, id));
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(outgoing.get(id) ?? []).filter((to) => !reached.has(to)));
  }
  return Object.keys(flow.screens)
    .filter((id) => !reached.has(id))
    .map((id) => ({
      ...error(
        pointerOf('/screens', id),
        `screen "${id}" can't be reached from the start screen "${flow.start}"`,
        'lead to it with next, after.to or requires.otherwise, or mark it "entry": true if old links open it directly',
      ),
      atKey: true,
    }));
};

function isEntry(screen: Screen | undefined): boolean {
  return screen !== undefined && screen.kind !== 'not-found' && screen.entry === true;
}

/** A redirect screen without a target must leave the funnel by a redirect action, or it is a dead end. */
export const checkRedirectExits: FlowCheck = (flow) =>
  Object.entries(flow.screens).flatMap(([id, screen]) => {
    if (screen.kind !== 'redirect' || screen.after.to !== undefined || screen.next !== undefined) return [];
    if (screen.continue?.some((action) => action.type === 'redirect')) return [];
    return [
      error(
        pointerOf('/screens', id, 'after'),
        `screen "${id}" leads nowhere: "after" has no "to", there is no "next", and no "continue" action redirects`,
        'add "to" to "after", or a { "type": "redirect" } action to "continue"',
      ),
    ];
  });
