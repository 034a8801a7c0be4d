/**
 * The JSON Patch that turns one value into another, as small as it can be: a changed headline is one
 * `replace` of that string, an added option one `add`, so the text edit made from it touches one line.
 */
import { pointerOf } from '../engine/validation/flow-issue.ts';

/** One JSON Patch operation (RFC 6902: replace, add, remove). */
export type PatchOp =
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  return false;
}

/** The operations that turn `before` into `after`, at `path`. */
export function valuePatch(before: unknown, after: unknown, path = ''): PatchOp[] {
  if (sameValue(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const ops: PatchOp[] = [];
    for (const key of Object.keys(before))
      if (!(key in after) || after[key] === undefined) ops.push({ op: 'remove', path: pointerOf(path, key) });
    for (const [key, value] of Object.entries(after)) {
      if (value === undefined) continue;
      if (key in before && before[key] !== undefined) ops.push(...valuePatch(before[key], value, pointerOf(path, key)));
      else ops.push({ op: 'add', path: pointerOf(path, key), value });
    }
    return ops;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length)
      return before.flatMap((item, i) => valuePatch(item, after[i], pointerOf(path, i)));
    // One item added or removed somewhere: one operation, the other items untouched.
    const [longer, shorter] = after.length > before.length ? [after, before] : [before, after];
    if (longer.length === shorter.length + 1) {
      let at = 0;
      while (at < shorter.length && sameValue(shorter[at], longer[at])) at += 1;
      if (shorter.slice(at).every((item, i) => sameValue(item, longer[at + i + 1])))
        return after.length > before.length
          ? [{ op: 'add', path: pointerOf(path, at === before.length ? '-' : at), value: after[at] }]
          : [{ op: 'remove', path: pointerOf(path, at) }];
    }
  }
  return [{ op: 'replace', path, value: after }];
}
