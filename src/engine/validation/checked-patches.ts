/**
 * Applies an experiment variant's patches (a subset of JSON Patch, RFC 6902: replace, add, remove) to a
 * flow, checking each one: flow:check runs it to prove every variant as a complete flow. The browser
 * runs the small unchecked twin (../apply-patches.ts) on patches this proved; flow:check also proves the
 * two give the same flow.
 */
import type { Flow, Patch } from '../flow.gen.ts';

/**
 * Why a patch could not be applied: `at` names no value (missing), already holds one (an add over an
 * existing key), is past the end of a list, lies
 * outside /screens and /settings, or the patch has no value.
 */
export type PatchProblemKind = 'missing' | 'exists' | 'past-end' | 'outside' | 'no-value';

/** A patch that could not be applied: its index in the list, why, and the path concerned. */
export interface PatchProblem {
  index: number;
  kind: PatchProblemKind;
  at: string;
}

export interface PatchedFlow {
  /** The flow with every applicable patch applied (the input is never changed). */
  flow: Flow;
  problems: PatchProblem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function segments(path: string): string[] {
  return path
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const INDEX = /^(0|[1-9]\d*)$/;

/** Applies one patch in place to `root`; returns what went wrong, or undefined when done. */
function applyOne(root: Record<string, unknown>, patch: Patch): Omit<PatchProblem, 'index'> | undefined {
  const parts = segments(patch.path);
  const last = parts.pop() ?? '';
  let node: unknown = root;
  const walked: string[] = [];
  for (const part of parts) {
    walked.push(part);
    node = Array.isArray(node)
      ? INDEX.test(part)
        ? node[Number(part)]
        : undefined
      : isRecord(node)
        ? node[part]
        : undefined;
    if (node === undefined) return { kind: 'missing', at: `/${walked.join('/')}` };
  }
  if (patch.op !== 'remove' && patch.value === undefined) return { kind: 'no-value', at: patch.path };
  const value: unknown = structuredClone(patch.value);
  if (Array.isArray(node)) {
    const index = patch.op === 'add' && last === '-' ? node.length : INDEX.test(last) ? Number(last) : -1;
    if (index < 0) return { kind: 'missing', at: patch.path };
    if (index > (patch.op === 'add' ? node.length : node.length - 1))
      return { kind: 'past-end', at: patch.path };
    node.splice(index, patch.op === 'add' ? 0 : 1, ...(patch.op === 'remove' ? [] : [value]));
    return undefined;
  }
  // Inside a text or a number nothing exists.
  if (!isRecord(node)) return { kind: 'missing', at: patch.path };
  const exists = Object.hasOwn(node, last);
  if (patch.op === 'add' ? exists : !exists) return { kind: exists ? 'exists' : 'missing', at: patch.path };
  if (patch.op === 'remove') delete node[last];
  else node[last] = value;
  return undefined;
}

/**
 * The flow with `patches` applied in order. A patch that names a missing screen or path is skipped and
 * reported; flow:check turns that into an error at the patch's line:column, so a shipped flow has none.
 * Paths outside /screens and /settings are refused (the schema refuses them too).
 */
export function checkedPatches(flow: Flow, patches: readonly Patch[]): PatchedFlow {
  // A deep copy of a Flow is a Flow; the patches change it through untyped views, and flow:check proves
  // at build time that every shipped variant is still a valid flow.
  const copy: Flow = structuredClone(flow);
  const root: Record<string, unknown> = { screens: copy.screens, settings: copy.settings };
  const problems: PatchProblem[] = [];
  patches.forEach((patch, index) => {
    const problem = /^\/(screens|settings)\/./.test(patch.path)
      ? applyOne(root, patch)
      : { kind: 'outside' as const, at: patch.path };
    if (problem !== undefined) problems.push({ index, ...problem });
  });
  return { flow: copy, problems };
}
