/**
 * Applies an experiment variant's patches (JSON Patch replace, add, remove under /screens and /settings)
 * to a flow, for the browser: small, because the first screen's bundle carries it, and unchecked,
 * because flow:check has proved every shipped variant's patches (validation/checked-patches.ts) and
 * that this gives the same flow. The input flow is never changed.
 */
import type { Flow, Patch } from './flow.gen.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function applyPatches(flow: Flow, patches: readonly Patch[]): Flow {
  // A deep copy of a Flow is a Flow; the patches change it through untyped views.
  const copy: Flow = structuredClone(flow);
  for (const patch of patches) {
    const parts = patch.path
      .slice(1)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = parts.pop() ?? '';
    let node: unknown = copy;
    for (const part of parts)
      node = Array.isArray(node) ? node[Number(part)] : isRecord(node) ? node[part] : undefined;
    const value: unknown = structuredClone(patch.value);
    if (Array.isArray(node)) {
      const remove = patch.op === 'add' ? 0 : 1;
      node.splice(
        last === '-' ? node.length : Number(last),
        remove,
        ...(patch.op === 'remove' ? [] : [value]),
      );
    } else if (isRecord(node)) {
      if (patch.op === 'remove') delete node[last];
      else node[last] = value;
    }
  }
  return copy;
}
