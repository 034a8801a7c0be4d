/**
 * The flow as a map for people: a Mermaid flowchart of its screens, routes, transitions, delays and
 * guards, and a table of the screens. Only structure goes in (no copy), so the committed map changes
 * when the funnel's shape does, not with every wording tweak. Build-time tooling (npm run flow:map).
 */
import type { Flow, Screen } from '../flow.gen.ts';
import { resolveRoute } from '../routes.ts';
import { showProgress } from './progress-check.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const INFIX = new Set(['==', '===', '!=', '!==', '<', '>', '<=', '>=', 'in', '+', '-', '*', '/']);

/** A json-logic rule in short, readable form: `answers.age >= 50 and answers.hrt == "no"`. */
export function showRule(rule: unknown): string {
  if (Array.isArray(rule)) return `[${rule.map(showRule).join(', ')}]`;
  if (!isRecord(rule)) return JSON.stringify(rule) ?? 'null';
  const entries = Object.entries(rule);
  const [op, raw] = entries[0] ?? ['', undefined];
  if (entries.length !== 1) return JSON.stringify(rule);
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') {
    const [path, fallback] = args;
    return args.length >= 2 ? `${String(path)} ?? ${showRule(fallback)}` : String(path);
  }
  if (op === '!') return `not ${showRule(args[0])}`;
  if (op === '!!') return showRule(args[0]);
  if (op === 'and' || op === 'or') return `(${args.map(showRule).join(` ${op} `)})`;
  if (INFIX.has(op) && args.length === 2) return `${showRule(args[0])} ${op} ${showRule(args[1])}`;
  return `${op}(${args.map(showRule).join(', ')})`;
}

/** A Mermaid node id for a screen id (hyphens and reserved words are trouble in Mermaid). */
function node(id: string): string {
  return `s_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** Text safe inside a quoted Mermaid label. */
function escape(text: string): string {
  return text.replaceAll('"', '#quot;').replaceAll('<', '#lt;').replaceAll('>', '#gt;');
}

/** A quoted Mermaid label of one or more lines. */
function label(...lines: string[]): string {
  return `"${lines.map(escape).join('<br/>')}"`;
}

/** The screen's resolved route and aliases. */
export function pathsOf(flow: Flow, screen: Screen): { route: string | undefined; aliases: string[] } {
  const route = screen.route === undefined ? undefined : resolveRoute(screen.route, flow.settings);
  const aliases =
    'aliases' in screen ? (screen.aliases ?? []).map((a) => resolveRoute(a, flow.settings)) : [];
  return { route, aliases };
}

/** How a transition is taken: a tap (Continue or a redirect's "then"), a timer, or a failed `requires`. */
export type EdgeVia = 'tap' | 'timer' | 'requires';

/** One transition of a screen, for the maps (here, /__flow and the studio's flow-edit/flow-graph.ts). */
export interface MapEdge {
  to: string;
  /** In words: "Continue if answers.age >= 50", "after 600 ms", "opened without answers.age". */
  text: string;
  /** Drawn dotted: timers and `requires`. */
  dotted: boolean;
  via: EdgeVia;
  /** The JSON pointer of the property that makes this transition, e.g. /screens/age/next/1. */
  pointer: string;
  /** The guard in words, when the transition has one. */
  when?: string;
}

/** Every transition of a screen as [target, edge label, dotted?]: Continue, guards, timers, requires. */
export function mapEdges(screen: Screen, id = ''): MapEdge[] {
  if (screen.kind === 'not-found') return [];
  const found: MapEdge[] = [];
  const at = `/screens/${id.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const button = screen.kind === 'redirect' ? 'then' : 'Continue';
  const viaTimer = 'after' in screen && screen.after.to === undefined;
  const how = viaTimer ? `after ${'after' in screen ? (screen.after.delayMs ?? 0) : 0} ms` : button;
  const via: EdgeVia = viaTimer ? 'timer' : 'tap';
  if (typeof screen.next === 'string')
    found.push({ to: screen.next, text: how, dotted: viaTimer, via, pointer: `${at}/next` });
  else
    screen.next?.forEach((t, i, all) => {
      const when = t.when === undefined ? undefined : showRule(t.when);
      found.push({
        to: t.to,
        text: when === undefined ? (all.length > 1 ? `${how}, otherwise` : how) : `${how} if ${when}`,
        dotted: viaTimer,
        via,
        pointer: `${at}/next/${i}`,
        ...(when === undefined ? {} : { when }),
      });
    });
  if ('after' in screen && screen.after.to !== undefined)
    found.push({
      to: screen.after.to,
      text: `after ${screen.after.delayMs ?? 0} ms`,
      dotted: true,
      via: 'timer',
      pointer: `${at}/after/to`,
    });
  if (screen.requires) {
    const when = showRule(screen.requires.when);
    found.push({
      to: screen.requires.otherwise,
      text: `opened without ${when}`,
      dotted: true,
      via: 'requires',
      pointer: `${at}/requires/otherwise`,
      when,
    });
  }
  return found;
}

/** Where a screen sends the visitor off the funnel (settings filled in, query left out), or undefined. */
export function externalUrl(flow: Flow, screen: Screen): string | undefined {
  const lists = screen.kind === 'not-found' ? [screen.enter] : [screen.enter, screen.continue];
  for (const action of lists.flatMap((list) => list ?? []))
    if (action.type === 'redirect')
      return resolveRoute(action.params.url.replace(/\?.*$/, ''), flow.settings);
  return undefined;
}

/** The Mermaid flowchart source. */
export function flowMermaid(flow: Flow): string {
  const lines = ['flowchart TD'];
  for (const [id, screen] of Object.entries(flow.screens)) {
    const { route } = pathsOf(flow, screen);
    const parts = [`${id} · ${screen.kind}`];
    if (route !== undefined)
      parts.push(route + (screen.kind !== 'not-found' && screen.entry ? ' · entry' : ''));
    if (screen.progress !== undefined) parts.push(`progress ${showProgress(screen)}`);
    const shape = id === flow.start ? ['([', '])'] : screen.kind === 'not-found' ? ['[[', ']]'] : ['[', ']'];
    lines.push(`  ${node(id)}${shape[0]}${label(...parts)}${shape[1]}`);
  }
  for (const [id, screen] of Object.entries(flow.screens)) {
    for (const edge of mapEdges(screen))
      lines.push(`  ${node(id)} ${edge.dotted ? '-.->' : '-->'}|${label(edge.text)}| ${node(edge.to)}`);
    const url = externalUrl(flow, screen);
    if (url !== undefined) {
      const when =
        'after' in screen && screen.after.to === undefined ? `after ${screen.after.delayMs ?? 0} ms` : 'then';
      lines.push(`  ${node(id)} -.->|${label(when)}| ${node(id)}_exit[/${label(`external page ${url}`)}/]`);
    }
  }
  return lines.join('\n');
}

/** The whole map document: the chart and a table of every screen. */
export function flowMapMarkdown(flow: Flow, source: string): string {
  const rows = Object.entries(flow.screens).map(([id, screen]) => {
    const { route, aliases } = pathsOf(flow, screen);
    const paths = [route, ...aliases].filter((p) => p !== undefined).map((p) => `\`${p}\``);
    const onward = mapEdges(screen).map((e) => `${e.to} (${e.text})`);
    const url = externalUrl(flow, screen);
    if (url !== undefined) onward.push(`external page \`${url}\``);
    const cells = [
      `\`${id}\``,
      screen.kind,
      paths.join(', ') || '—',
      showProgress(screen),
      onward.join('; ').replaceAll('|', '\\|') || '—',
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [
    '# The flow map',
    '',
    `Generated from \`${source}\` by \`npm run flow:map\`: do not edit by hand. A test fails when this file`,
    'is stale. Solid arrows are taps (Continue, with its guard), dotted ones are timers, where a screen',
    'sends a visitor who lacks what it `requires`, and exits to an external page. In `npm run dev`, `/__flow` shows',
    'the same map with a link to every screen.',
    '',
    '```mermaid',
    flowMermaid(flow),
    '```',
    '',
    '| Screen | Kind | Route and aliases | Progress | Leads to |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
