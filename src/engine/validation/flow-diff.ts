/**
 * A semantic summary of a change to a flow file, for review: what a visitor would notice (screens,
 * transitions, copy, progress, options) rather than a text diff of JSON. Build-time tooling
 * (npm run flow:diff).
 */
import type { Flow, Screen } from '../flow.gen.ts';
import { NOT_COPY } from '../resolve-screen.ts';
import { pointerOf } from './flow-issue.ts';
import { mapEdges, pathsOf } from './flow-map.ts';
import { transitions } from './graph-check.ts';
import { showProgress } from './progress-check.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value in one short line. */
function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 70 ? `${text.slice(0, 67)}…"` : text;
}

/** Every piece of copy of a screen, by pointer relative to the screen (as resolveScreen reads it). */
function copyOf(node: unknown, pointer = '', inOptions = false): Map<string, string> {
  const found = new Map<string, string>();
  const add = (entries: Map<string, string>) => entries.forEach((text, at) => found.set(at, text));
  if (typeof node === 'string') found.set(pointer, node);
  else if (Array.isArray(node))
    node.forEach((item, i) => add(copyOf(item, pointerOf(pointer, i), inOptions)));
  else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (inOptions) {
        if (key === 'label') add(copyOf(value, pointerOf(pointer, key)));
      } else if (key === 'options') add(copyOf(value, pointerOf(pointer, key), true));
      else if (!NOT_COPY.has(key)) add(copyOf(value, pointerOf(pointer, key)));
    }
  }
  return found;
}

/** Every leaf value of a section (settings, scoring), by pointer. */
function leaves(node: unknown, pointer: string, found = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(node) || isRecord(node))
    for (const [key, value] of Object.entries(node)) leaves(value, pointerOf(pointer, key), found);
  else found.set(pointer, node);
  return found;
}

/** Screens reachable from `roots` along the flow's transitions (requires.otherwise only when `all`). */
function reach(flow: Flow, roots: string[], all: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((id) => Object.hasOwn(flow.screens, id));
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const screen = flow.screens[id];
    if (screen === undefined) continue;
    for (const t of transitions(id, screen)) if (all || t.via !== 'otherwise') queue.push(t.to);
  }
  return seen;
}

/** Screens a visitor can reach at all: from the start, from entry screens, and the not-found page. */
function reachable(flow: Flow): Set<string> {
  const entries = Object.entries(flow.screens)
    .filter(([, screen]) => screen.kind !== 'not-found' && screen.entry === true)
    .map(([id]) => id);
  return reach(flow, [flow.start, flow.notFound, ...entries], true);
}

function describe(flow: Flow, id: string, screen: Screen): string {
  const { route } = pathsOf(flow, screen);
  return `${id} (${screen.kind}${route === undefined ? '' : `, ${route}`}${screen.progress === undefined ? '' : `, progress ${showProgress(screen)}`})`;
}

function edgesText(screen: Screen): string {
  return (
    mapEdges(screen)
      .map((e) => `${e.text} → ${e.to}`)
      .join('; ') || 'nowhere'
  );
}

function optionValues(screen: Screen): string[] {
  return 'options' in screen ? screen.options.map((option) => option.value) : [];
}

/** Changed leaves between two maps: "at: before → after", "+ at: value", "- at: value". */
function leafChanges<T>(before: Map<string, T>, after: Map<string, T>, prefix: string): string[] {
  const lines: string[] = [];
  for (const [at, value] of before) {
    if (!after.has(at)) lines.push(`- ${prefix}${at}: ${quote(value)}`);
    else if (JSON.stringify(after.get(at)) !== JSON.stringify(value))
      lines.push(`${prefix}${at}: ${quote(value)} → ${quote(after.get(at))}`);
  }
  for (const [at, value] of after) if (!before.has(at)) lines.push(`+ ${prefix}${at}: ${quote(value)}`);
  return lines;
}

/** The review summary of a change from `before` to `after`, one section per kind of change. */
export function diffFlows(before: Flow, after: Flow): string[] {
  const sections: [string, string[]][] = [];
  const section = (title: string, lines: string[]) => {
    if (lines.length > 0) sections.push([title, lines]);
  };
  const both = Object.keys(after.screens).filter((id) => Object.hasOwn(before.screens, id));
  const pairs = both.flatMap((id) => {
    const [a, b] = [before.screens[id], after.screens[id]];
    return a !== undefined && b !== undefined ? [{ id, a, b }] : [];
  });

  section(
    'Screens added',
    Object.entries(after.screens)
      .filter(([id]) => !Object.hasOwn(before.screens, id))
      .map(([id, screen]) => `+ ${describe(after, id, screen)}`),
  );
  section(
    'Screens removed',
    Object.entries(before.screens)
      .filter(([id]) => !Object.hasOwn(after.screens, id))
      .map(([id, screen]) => `- ${describe(before, id, screen)}`),
  );
  if (before.start !== after.start) section('Start screen changed', [`${before.start} → ${after.start}`]);
  section(
    'Transitions changed',
    pairs
      .filter(({ a, b }) => edgesText(a) !== edgesText(b))
      .map(({ id, a, b }) => `${id}: ${edgesText(a)}  ⇒  ${edgesText(b)}`),
  );
  section(
    'Routes changed',
    pairs.flatMap(({ id, a, b }) => {
      const [pa, pb] = [pathsOf(before, a), pathsOf(after, b)];
      const show = (p: typeof pa) => [p.route ?? 'no route', ...p.aliases].join(', ');
      return show(pa) === show(pb) ? [] : [`${id}: ${show(pa)} → ${show(pb)}`];
    }),
  );
  section(
    'Kind changed',
    pairs.filter(({ a, b }) => a.kind !== b.kind).map(({ id, a, b }) => `${id}: ${a.kind} → ${b.kind}`),
  );
  section(
    'Progress changed',
    pairs
      .filter(({ a, b }) => showProgress(a) !== showProgress(b))
      .map(({ id, a, b }) => `${id}: ${showProgress(a)} → ${showProgress(b)}`),
  );
  section(
    'Options changed',
    pairs.flatMap(({ id, a, b }) => {
      const [va, vb] = [optionValues(a), optionValues(b)];
      const added = vb.filter((v) => !va.includes(v)).map((v) => `+ ${id}: ${quote(v)}`);
      const removed = va.filter((v) => !vb.includes(v)).map((v) => `- ${id}: ${quote(v)}`);
      const order =
        added.length + removed.length === 0 && va.join('\n') !== vb.join('\n')
          ? [`${id}: options reordered`]
          : [];
      return [...added, ...removed, ...order];
    }),
  );
  section(
    'Copy changed',
    pairs.flatMap(({ id, a, b }) => leafChanges(copyOf(a), copyOf(b), `${id} `)),
  );
  const [wasReachable, isReachable] = [reachable(before), reachable(after)];
  section(
    'Now unreachable',
    [...wasReachable]
      .filter((id) => Object.hasOwn(after.screens, id) && !isReachable.has(id))
      .map((id) => `${id}: no screen leads to it and it is not an entry screen`),
  );
  const [wasMain, isMain] = [reach(before, [before.start], false), reach(after, [after.start], false)];
  section(
    'Left the path from /',
    [...wasMain].filter((id) => Object.hasOwn(after.screens, id) && !isMain.has(id)),
  );
  section(
    'Joined the path from /',
    [...isMain].filter((id) => Object.hasOwn(before.screens, id) && !wasMain.has(id)),
  );
  section(
    'Settings changed',
    leafChanges(leaves(before.settings, ''), leaves(after.settings, ''), 'settings'),
  );
  section('Tables changed', leafChanges(leaves(before.tables, ''), leaves(after.tables, ''), 'tables'));
  section(
    'Computations changed',
    leafChanges(leaves(before.computations, ''), leaves(after.computations, ''), 'computations'),
  );

  if (sections.length === 0)
    return ['No changes to screens, transitions, copy, progress, settings or scoring.'];
  return sections.flatMap(([title, lines], i) => [
    ...(i === 0 ? [] : ['']),
    `${title}:`,
    ...lines.map((l) => `  ${l}`),
  ]);
}
