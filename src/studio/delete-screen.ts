/**
 * Deleting a screen as one edit: what points to it (the map's edges into it, with their words), and
 * the JSON Patch that removes it and, when she asks, points each of those at another screen instead.
 * A screen that leads to it by a branch keeps the branch with its new target.
 */
import type { FlowGraph } from '../engine/flow-edit/flow-graph.ts';
import { pointerOf } from '../engine/validation/flow-issue.ts';
import type { PatchOp } from './value-patch.ts';

/** A transition into the screen about to be deleted. */
export interface IncomingEdge {
  source: string;
  /** The condition in words ("Continue if …", "after 600 ms"). */
  label: string;
  /** The JSON pointer of the property that names the screen (a `next`, a branch's `to`, …). */
  pointer: string;
}

/** The transitions into `id` from other screens. */
export function incomingEdges(graph: FlowGraph, id: string): IncomingEdge[] {
  return graph.edges
    .filter((e) => e.target === id && e.source !== id)
    .map((e) => ({ source: e.source, label: e.label, pointer: /\/next\/\d+$/.test(e.pointer) ? `${e.pointer}/to` : e.pointer }));
}

/** The edit that deletes `id`, pointing what led to it at `retarget` when given. */
export function deleteScreenOps(id: string, incoming: readonly IncomingEdge[], retarget: string | undefined): PatchOp[] {
  const moved: PatchOp[] = retarget === undefined ? [] : incoming.map((e) => ({ op: 'replace', path: e.pointer, value: retarget }));
  return [...moved, { op: 'remove', path: pointerOf('/screens', id) }];
}
