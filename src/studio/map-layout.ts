/**
 * Where each node of the flow map goes: the main path (the start's default way on, tap after tap) in
 * one column, the screens branching off it beside it, and the deep-link chains (screens only an old
 * link reaches) in a block to the right. dagre does the layering; this only splits and places.
 */
import dagre from '@dagrejs/dagre';
import type { FlowGraph, FlowGraphEdge } from '../engine/flow-edit/flow-graph.ts';

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 92;

export interface Placed {
  x: number;
  y: number;
}

/** The main path: from the start, each screen's default way on (its last, unguarded target). */
export function mainPath(graph: FlowGraph, start: string): string[] {
  const path: string[] = [];
  let at: string | undefined = start;
  while (at !== undefined && !path.includes(at)) {
    path.push(at);
    const out: FlowGraphEdge[] = graph.edges.filter((e) => e.source === at && e.via !== 'requires' && !e.missingTarget);
    at = (out.find((e) => e.when === undefined && e.via !== 'exit') ?? out.find((e) => e.via !== 'exit') ?? out[0])?.target;
  }
  return path;
}

function layered(graph: FlowGraph, ids: ReadonlySet<string>, heavy: ReadonlySet<string>): Map<string, Placed> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 56 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of ids) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of graph.edges)
    if (ids.has(e.source) && ids.has(e.target) && e.source !== e.target)
      g.setEdge(e.source, e.target, { weight: heavy.has(e.source) && heavy.has(e.target) ? 20 : 1 });
  dagre.layout(g);
  const placed = new Map<string, Placed>();
  for (const id of ids) {
    const node: unknown = g.node(id);
    if (typeof node === 'object' && node !== null && 'x' in node && 'y' in node && typeof node.x === 'number' && typeof node.y === 'number')
      placed.set(id, { x: node.x - NODE_WIDTH / 2, y: node.y - NODE_HEIGHT / 2 });
  }
  return placed;
}

/** The top-left corner of every node of `graph`. */
export function layoutMap(graph: FlowGraph, start: string): Map<string, Placed> {
  const path = mainPath(graph, start);
  const onPath = new Set(path);
  const main = new Set(graph.nodes.filter((n) => n.main).map((n) => n.id));
  const placed = layered(graph, main, onPath);
  // The main path in one straight column, one row per step; the branches keep dagre's place beside it.
  const column = Math.min(...path.map((id) => placed.get(id)?.x ?? 0));
  path.forEach((id, row) => placed.set(id, { x: column, y: row * (NODE_HEIGHT + 56) }));
  for (const [id, at] of placed) if (!onPath.has(id) && Math.abs(at.x - column) < NODE_WIDTH) placed.set(id, { ...at, x: column + NODE_WIDTH + 60 });
  const right = Math.max(...[...placed.values()].map((p) => p.x)) + NODE_WIDTH + 140;
  const rest = new Set(graph.nodes.map((n) => n.id).filter((id) => !main.has(id)));
  for (const [id, at] of layered(graph, rest, new Set())) placed.set(id, { x: at.x + right, y: at.y });
  return placed;
}
