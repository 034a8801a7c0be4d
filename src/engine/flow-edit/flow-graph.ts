/**
 * The flow map as data: `flow → { nodes, edges }`, with the checker's findings pinned on the node or edge
 * they concern. Pure (no React, no layout): the studio draws it with @xyflow/react, the MCP server and
 * tests read it. Edge words, timers and exits come from the same code as `npm run flow:map`
 * (../validation/flow-map.ts), so the maps never disagree.
 */
import type { Flow, Screen } from '../flow.gen.ts';
import { pointerOf } from '../validation/flow-issue.ts';
import { externalUrl, mapEdges, pathsOf, type EdgeVia } from '../validation/flow-map.ts';
import { parseJsonSource } from '../validation/json-source.ts';
import { showProgress } from '../validation/progress-check.ts';
import { isFlow } from '../validation/schema-check.ts';
import type { CheckFinding } from './check-flow.ts';

export interface FlowGraphNode {
  /** The screen id; an exit to an external page is `<screen id>:exit`. */
  id: string;
  kind: Screen['kind'] | 'exit';
  /** The resolved route (settings filled in), if the screen has one. */
  route?: string;
  aliases: string[];
  /** "3/13", "full" or "—". */
  progress: string;
  start: boolean;
  notFound: boolean;
  /** Marked `"entry": true` (an ad may link straight to it). */
  entry: boolean;
  /** Reachable from the start by taps and timers: the main column; the rest are deep-link chains. */
  main: boolean;
  /** For an exit node: the external page, query left out. */
  url?: string;
  /** JSON pointer of the screen, e.g. /screens/age. */
  pointer: string;
  findings: CheckFinding[];
}

export interface FlowGraphEdge {
  /** `<source>-><target>@<pointer>`: unique, stable while the file's shape is. */
  id: string;
  source: string;
  target: string;
  /** The condition in words: "Continue if answers.age >= 50", "after 600 ms", "then". */
  label: string;
  /** tap (Continue), timer, requires (a visitor who lacks what the screen needs), exit (external page). */
  via: EdgeVia | 'exit';
  /** The guard in words, when there is one. */
  when?: string;
  dotted: boolean;
  /** JSON pointer of what makes the transition, e.g. /screens/age/next/1. */
  pointer: string;
  /** The target is not a screen of the flow (the checker reports it too). */
  missingTarget: boolean;
  findings: CheckFinding[];
}

export interface FlowGraph {
  nodes: FlowGraphNode[];
  edges: FlowGraphEdge[];
  /** Findings about no one screen or transition (settings, tables, computations, experiments...). */
  findings: CheckFinding[];
}

const within = (pointer: string, base: string) => pointer === base || pointer.startsWith(`${base}/`);

/** The graph of a flow, with `findings` (from checkFlow) pinned on the nodes and edges they concern. */
export function flowGraph(flow: Flow, findings: readonly CheckFinding[] = []): FlowGraph {
  const nodes: FlowGraphNode[] = [];
  const edges: FlowGraphEdge[] = [];
  for (const [id, screen] of Object.entries(flow.screens)) {
    const { route, aliases } = pathsOf(flow, screen);
    nodes.push({
      id,
      kind: screen.kind,
      ...(route === undefined ? {} : { route }),
      aliases,
      progress: showProgress(screen),
      start: id === flow.start,
      notFound: id === flow.notFound,
      entry: screen.kind !== 'not-found' && screen.entry === true,
      main: false,
      pointer: pointerOf('/screens', id),
      findings: [],
    });
    for (const edge of mapEdges(screen, id))
      edges.push({
        id: `${id}->${edge.to}@${edge.pointer}`,
        source: id,
        target: edge.to,
        label: edge.text,
        via: edge.via,
        ...(edge.when === undefined ? {} : { when: edge.when }),
        dotted: edge.dotted,
        pointer: edge.pointer,
        missingTarget: !(edge.to in flow.screens),
        findings: [],
      });
    const url = externalUrl(flow, screen);
    if (url !== undefined) {
      const exit = `${id}:exit`;
      const timed = 'after' in screen && screen.after.to === undefined;
      nodes.push({ id: exit, kind: 'exit', aliases: [], progress: '—', start: false, notFound: false, entry: false, main: false, url, pointer: pointerOf('/screens', id), findings: [] });
      const pointer = pointerOf('/screens', id, screen.kind !== 'not-found' && screen.continue ? 'continue' : 'enter');
      edges.push({
        id: `${id}->${exit}@${pointer}`,
        source: id,
        target: exit,
        label: timed ? `after ${'after' in screen ? (screen.after.delayMs ?? 0) : 0} ms` : 'then',
        via: 'exit',
        dotted: true,
        pointer,
        missingTarget: false,
        findings: [],
      });
    }
  }
  // The main column: what a visitor who starts at the start can reach by taps and timers.
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const queue = [flow.start];
  while (queue.length > 0) {
    const node = byId.get(queue.pop() ?? '');
    if (!node || node.main) continue;
    node.main = true;
    for (const e of edges) if (e.source === node.id && e.via !== 'requires') queue.push(e.target);
  }
  const loose: CheckFinding[] = [];
  for (const f of findings) {
    const edge = edges
      .filter((e) => e.via !== 'exit' && within(f.pointer, e.pointer))
      .sort((a, b) => b.pointer.length - a.pointer.length)[0];
    const node = nodes.find((n) => n.kind !== 'exit' && within(f.pointer, n.pointer));
    (edge?.findings ?? node?.findings ?? loose).push(f);
  }
  return { nodes, edges, findings: loose };
}

/** The graph of a flow file's text, or null when the text is not a flow (syntax or schema errors). */
export function flowGraphOfText(text: string, findings: readonly CheckFinding[] = []): FlowGraph | null {
  const { value } = parseJsonSource(text);
  return isFlow(value) ? flowGraph(value, findings) : null;
}
