/**
 * JSON Patch (RFC 6902) applied to JSON text as minimal text edits, the way VS Code edits settings.json:
 * jsonc-parser's `modify` finds where an edit goes, `applyEdits` applies it, and only the edited value's
 * text changes. Formatting, key order and every untouched line stay byte for byte, so replacing one
 * headline changes exactly one line. New values are printed in the file's style (./pretty-json.ts).
 */
import { applyEdits, getNodeValue, modify, parseTree, type Edit, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { prettyJson } from './pretty-json.ts';

/** One JSON Patch operation (RFC 6902). `-` as the last segment of an add's path appends to a list. */
export type JsonPatchOp =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/** Why an operation could not be applied: its index in the list, the path, and what to do. */
export interface PatchProblem {
  index: number;
  op: string;
  path: string;
  message: string;
}

export type PatchTextResult = { ok: true; text: string } | { ok: false; problem: PatchProblem };

/** A placeholder `modify` inserts, replaced by the value printed in the file's style. */
const PLACEHOLDER = '\u0000flow-edit-value\u0000';

/** The segments of a JSON pointer, or undefined when it is not one. */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const INDEX = /^(0|[1-9]\d*)$/;

/** The node at `segments` (the last of duplicate keys, like JSON.parse), with the path `modify` takes. */
export function nodeAt(root: Node, segments: readonly string[]): { node: Node; path: JSONPath } | undefined {
  let node = root;
  const path: JSONPath = [];
  for (const segment of segments) {
    let next: Node | undefined;
    if (node.type === 'object') {
      next = node.children?.findLast((p) => p.children?.[0]?.value === segment)?.children?.[1];
      path.push(segment);
    } else if (node.type === 'array' && INDEX.test(segment)) {
      next = node.children?.[Number(segment)];
      path.push(Number(segment));
    }
    if (next === undefined) return undefined;
    node = next;
  }
  return { node, path };
}

/** 0-based column and the indentation of the line an offset lies on. */
function placeOf(text: string, offset: number): { column: number; indent: number } {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
  return { column: offset - lineStart, indent };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => k in b && sameJson(Reflect.get(a, k), Reflect.get(b, k)))
    );
  }
  return a === b;
}

/** Replaces an existing value in place: the edit spans only the old value's text. */
function replaceEdit(text: string, node: Node, path: JSONPath, value: unknown): Edit[] {
  const { column, indent } = placeOf(text, node.offset);
  const printed = prettyJson(value, indent, column);
  return modify(text, path, PLACEHOLDER, {}).map((edit) => ({
    ...edit,
    content: edit.content.replace(JSON.stringify(PLACEHOLDER), printed),
  }));
}

/**
 * Inserts a member or list item into `parent`: `modify` places it (after the previous sibling, or first);
 * the separator follows the container's layout (one per line, or inline).
 */
function insertEdit(text: string, parent: Node, path: JSONPath, value: unknown, arrayInsert: boolean): Edit[] {
  const siblings = parent.children ?? [];
  const multiline = text.slice(parent.offset, parent.offset + parent.length).includes('\n');
  const first = siblings[0];
  const { indent: parentIndent } = placeOf(text, parent.offset);
  const itemIndent = first ? placeOf(text, first.offset).column : parentIndent + 2;
  return modify(text, path, PLACEHOLDER, { isArrayInsertion: arrayInsert }).map((edit) => {
    const key = typeof path.at(-1) === 'string' ? `${JSON.stringify(path.at(-1))}: ` : '';
    const body = (start: number) => key + prettyJson(value, itemIndent, start + key.length);
    if (siblings.length === 0) {
      const flat = body(placeOf(text, parent.offset).column + 1);
      const open = !flat.includes('\n') && parent.type === 'object' ? ' ' : '';
      return flat.includes('\n') || multiline
        ? { ...edit, content: `\n${' '.repeat(itemIndent)}${body(itemIndent)}\n${' '.repeat(parentIndent)}` }
        : { ...edit, content: open + flat + open };
    }
    const separator = multiline ? `\n${' '.repeat(itemIndent)}` : ' ';
    const start = multiline ? itemIndent : placeOf(text, edit.offset).column + 2;
    if (edit.content.startsWith(',')) return { ...edit, content: `,${separator}${body(start)}` };
    // First in the list: the new item and a comma go before the old first item.
    if (multiline) return { ...edit, content: `${separator}${body(start)},` };
    const spaced = text[edit.offset] === ' ';
    return { ...edit, content: `${spaced ? ' ' : ''}${body(start)},${spaced ? '' : ' '}` };
  });
}

/** Removes a member or item with the separator before it (or after it, for the first). */
function removeEdit(parent: Node, node: Node): Edit {
  const siblings = parent.children ?? [];
  const own = parent.type === 'object' && node.parent ? node.parent : node;
  const at = siblings.indexOf(own);
  if (siblings.length === 1) return { offset: parent.offset + 1, length: parent.length - 2, content: '' };
  const previous = siblings[at - 1];
  if (previous) {
    const from = previous.offset + previous.length;
    return { offset: from, length: own.offset + own.length - from, content: '' };
  }
  const next = siblings[at + 1] ?? own;
  return { offset: own.offset, length: next.offset - own.offset, content: '' };
}

/** Applies one operation to valid JSON text; returns the new text or what is wrong. */
function applyOne(text: string, op: JsonPatchOp, index: number): PatchTextResult {
  const fail = (message: string, path = op.path): PatchTextResult => ({
    ok: false,
    problem: { index, op: op.op, path, message },
  });
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (root === undefined || errors.length > 0) return fail('the file is not valid JSON: fix its syntax first');
  const segments = pointerSegments(op.path);
  if (segments === undefined) return fail(`"${op.path}" is not a JSON pointer: it must start with "/"`);
  if (segments.length === 0) return fail('the path "" is the whole file: edit its members instead');

  const add = (source: string, value: unknown): PatchTextResult => {
    const parentFound = nodeAt(root, segments.slice(0, -1));
    const last = segments.at(-1) ?? '';
    const parentPointer = op.path.slice(0, op.path.lastIndexOf('/')) || '/';
    if (!parentFound) return fail(`nothing at ${parentPointer} to add to: add the parent first`);
    const { node: parent, path } = parentFound;
    if (parent.type === 'object') {
      const existing = nodeAt(parent, [last]);
      const edits = existing
        ? replaceEdit(source, existing.node, [...path, last], value)
        : insertEdit(source, parent, [...path, last], value, false);
      return { ok: true, text: applyEdits(source, edits) };
    }
    if (parent.type === 'array') {
      const length = parent.children?.length ?? 0;
      const at = last === '-' ? length : INDEX.test(last) ? Number(last) : NaN;
      if (Number.isNaN(at)) return fail(`"${last}" is not a list index: use a number or "-" to append`);
      if (at > length) return fail(`index ${at} is past the end of the list (it has ${length} items)`);
      return { ok: true, text: applyEdits(source, insertEdit(source, parent, [...path, at === length ? -1 : at], value, true)) };
    }
    return fail(`${parentPointer} holds a ${parent.type}, which has no members to add to`);
  };

  const target = nodeAt(root, segments);
  switch (op.op) {
    case 'add':
      return add(text, op.value);
    case 'replace':
      if (!target) return fail(`nothing at ${op.path} to replace: use "add" for a new member`);
      return { ok: true, text: applyEdits(text, replaceEdit(text, target.node, target.path, op.value)) };
    case 'test':
      if (!target) return fail(`test failed: nothing at ${op.path}`);
      return sameJson(getNodeValue(target.node), op.value)
        ? { ok: true, text }
        : fail(`test failed: ${op.path} holds ${JSON.stringify(getNodeValue(target.node))}`);
    case 'remove': {
      const parent = target?.node.parent?.type === 'property' ? target.node.parent.parent : target?.node.parent;
      if (!target || !parent) return fail(`nothing at ${op.path} to remove`);
      return { ok: true, text: applyEdits(text, [removeEdit(parent, target.node)]) };
    }
    case 'move':
    case 'copy': {
      const fromSegments = pointerSegments(op.from);
      const source = fromSegments === undefined ? undefined : nodeAt(root, fromSegments);
      if (!source) return fail(`nothing at ${op.from} to ${op.op}`, op.from);
      const value: unknown = getNodeValue(source.node);
      if (op.op === 'copy') return add(text, value);
      if (op.path === op.from) return { ok: true, text };
      if (op.path.startsWith(`${op.from}/`)) return fail(`can't move ${op.from} into itself`);
      const removed = applyOne(text, { op: 'remove', path: op.from }, index);
      if (!removed.ok) return removed;
      return applyOne(removed.text, { op: 'add', path: op.path, value }, index);
    }
  }
}

/** Applies the operations in order (all or nothing): the new text, or the first operation that failed. */
export function patchText(text: string, ops: readonly JsonPatchOp[]): PatchTextResult {
  let current = text;
  for (const [index, op] of ops.entries()) {
    const result = applyOne(current, op, index);
    if (!result.ok) return result;
    current = result.text;
  }
  return { ok: true, text: current };
}
