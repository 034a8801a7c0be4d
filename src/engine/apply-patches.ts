/**
 * Applies an experiment variant's patches (a subset of JSON Patch, RFC 6902: replace, add, remove) to a
 * flow. Pure and framework-free: the browser runs it before compiling the machine, and flow:check runs it
 * to prove every variant as a complete flow.
 */
import type { Flow, Patch } from './flow.gen.ts';

/** A patch that could not be applied: its index in the list and why. */
export interface PatchProblem {
  index: number;
  message: string;
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

/** Applies one patch in place to `root`; returns why it can't, or undefined when done. */
function applyOne(root: Record<string, unknown>, patch: Patch): string | undefined {
  const parts = segments(patch.path);
  const last = parts.pop();
  if (last === undefined || last === '') return `"${patch.path}" names no value`;
  let node: unknown = root;
  const walked: string[] = [];
  for (const part of parts) {
    walked.push(part);
    const next: unknown = Array.isArray(node)
      ? INDEX.test(part)
        ? node[Number(part)]
        : undefined
      : isRecord(node)
        ? node[part]
        : undefined;
    if (next === undefined) return `"/${walked.join('/')}" does not exist in the flow`;
    node = next;
  }
  const needsValue = patch.op !== 'remove';
  if (needsValue && patch.value === undefined) return `"${patch.op}" needs a "value"`;
  if (Array.isArray(node)) {
    if (patch.op === 'add' && last === '-') {
      node.push(structuredClone(patch.value));
      return undefined;
    }
    if (!INDEX.test(last)) return `"${last}" is not an index of the list at "${parentPath(parts)}"`;
    const index = Number(last);
    const limit = patch.op === 'add' ? node.length : node.length - 1;
    if (index > limit) return `"${patch.path}" is past the end of a list of ${node.length}`;
    if (patch.op === 'add') node.splice(index, 0, structuredClone(patch.value));
    else if (patch.op === 'remove') node.splice(index, 1);
    else node[index] = structuredClone(patch.value);
    return undefined;
  }
  if (!isRecord(node)) return `"${parentPath(parts)}" is not an object or a list`;
  const exists = Object.hasOwn(node, last);
  if (patch.op === 'add' && exists) return `"${patch.path}" already exists: use "replace"`;
  if (patch.op !== 'add' && !exists) return `"${patch.path}" does not exist in the flow`;
  if (patch.op === 'remove') delete node[last];
  else node[last] = structuredClone(patch.value);
  return undefined;
}

function parentPath(parts: string[]): string {
  return `/${parts.join('/')}`;
}

/**
 * The flow with `patches` applied in order. A patch that names a missing screen or path is skipped and
 * reported; flow:check turns that into an error at the patch's line:column, so a shipped flow has none.
 * Paths outside /screens and /settings are refused (the schema refuses them too).
 */
export function applyPatches(flow: Flow, patches: readonly Patch[]): PatchedFlow {
  // A deep copy of a Flow is a Flow; the patches change it through untyped views, and flow:check proves
  // at build time that every shipped variant is still a valid flow.
  const copy: Flow = structuredClone(flow);
  const root: Record<string, unknown> = { screens: copy.screens, settings: copy.settings };
  const problems: PatchProblem[] = [];
  patches.forEach((patch, index) => {
    if (!/^\/(screens|settings)\/./.test(patch.path)) {
      problems.push({ index, message: `"${patch.path}" is outside /screens/ and /settings/` });
      return;
    }
    const message = applyOne(root, patch);
    if (message !== undefined) problems.push({ index, message });
  });
  return { flow: copy, problems };
}

/** The ids of the screens a list of patches touches (added, changed or removed). */
export function patchedScreens(patches: readonly Patch[]): string[] {
  const ids = patches
    .map((patch) => segments(patch.path))
    .filter((parts) => parts[0] === 'screens' && parts[1] !== undefined)
    .map((parts) => parts[1] ?? '');
  return [...new Set(ids)];
}
