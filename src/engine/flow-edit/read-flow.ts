/**
 * A flow file read whole or in part (one screen, or any JSON pointer), with its line range and the lines
 * numbered, so an agent or the studio can point at exactly what the checker names.
 */
import { parseTree } from 'jsonc-parser';
import { nodeAt, pointerSegments } from './patch-text.ts';

export interface FlowExcerpt {
  /** What was read: '' for the whole file, else a JSON pointer such as /screens/age. */
  pointer: string;
  /** 1-based first and last line of the excerpt in the file. */
  startLine: number;
  endLine: number;
  /** The excerpt's text, as in the file. */
  text: string;
  /** The same lines, each prefixed with its line number: `  12│ "next": "age",`. */
  numbered: string;
}

export type ReadFlowResult = ({ ok: true } & FlowExcerpt) | { ok: false; message: string };

/** Prefixes each line with its 1-based number, right-aligned. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  const width = String(firstLine + lines.length - 1).length;
  return lines.map((line, i) => `${String(firstLine + i).padStart(width)}│ ${line}`).join('\n');
}

/**
 * Reads the whole file, one screen (`screen: "age"`), or the value at a pointer. A screen's excerpt
 * starts at the line of its key, so it can be pasted back as a member of "screens".
 */
export function readFlow(text: string, options: { screen?: string; pointer?: string } = {}): ReadFlowResult {
  const lines = text.split('\n');
  const pointer =
    options.screen !== undefined
      ? `/screens/${options.screen.replaceAll('~', '~0').replaceAll('/', '~1')}`
      : (options.pointer ?? '');
  if (pointer === '') {
    const body = text.endsWith('\n') ? lines.slice(0, -1) : lines;
    return { ok: true, pointer, startLine: 1, endLine: body.length, text, numbered: numberLines(body, 1) };
  }
  const segments = pointerSegments(pointer);
  if (segments === undefined) return { ok: false, message: `"${pointer}" is not a JSON pointer: it starts with "/"` };
  const root = parseTree(text);
  const found = root === undefined ? undefined : nodeAt(root, segments);
  if (!found) {
    const screens = root === undefined ? undefined : nodeAt(root, ['screens']);
    const ids = (screens?.node.children ?? []).map((p) => String(p.children?.[0]?.value));
    const known = options.screen !== undefined ? ` (its screens: ${ids.join(', ')})` : '';
    return { ok: false, message: `nothing at ${pointer} in the file${known}` };
  }
  const { node } = found;
  const from = node.parent?.type === 'property' ? node.parent.offset : node.offset;
  const to = node.offset + node.length;
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const startLine = lineOf(from);
  const endLine = lineOf(to);
  const excerpt = lines.slice(startLine - 1, endLine);
  return { ok: true, pointer, startLine, endLine, text: excerpt.join('\n'), numbered: numberLines(excerpt, startLine) };
}
