/**
 * The flow file as text: strict JSON parsing with positions, so every finding can name a line:column.
 */
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { error, pointerOf, type Finding } from './flow-issue.ts';

/** A 1-based position in the text. */
export interface Position {
  line: number;
  column: number;
}

/** A parsed flow file. */
export interface JsonSource {
  /** The parsed value; undefined when the text is not valid JSON. */
  value: unknown;
  /** The first syntax error (later ones are usually echoes of it), with its position. */
  syntaxError: (Finding & Position) | undefined;
  /** Keys written twice in one object: JSON.parse would silently keep only the last. */
  duplicateKeys: Finding[];
  /** Where a pointer's value (or key) is, falling back to the nearest existing parent. */
  locate(pointer: string, atKey?: boolean): Position;
}

const SYNTAX: Record<string, [message: string, hint: string]> = {
  Empty: ['the file is empty', 'a flow file holds one { … } object'],
  InvalidSymbol: [
    'unexpected character',
    'text must be in "double quotes"; true, false and null are lower-case',
  ],
  InvalidNumberFormat: [
    'this number is malformed',
    'write numbers like 4000 or 0.5, without quotes or units',
  ],
  PropertyNameExpected: [
    'a property name in "double quotes" is expected here',
    'a comma after the last property is not allowed in JSON',
  ],
  ValueExpected: ['a value is expected here', 'a comma after the last item is not allowed in JSON'],
  ColonExpected: ['a colon ":" is expected after the property name', 'write "name": value'],
  CommaExpected: ['a comma is missing before this point', 'separate properties and list items with commas'],
  CloseBraceExpected: ['an object is not closed: "}" expected', 'check that every { has its }'],
  CloseBracketExpected: ['a list is not closed: "]" expected', 'check that every [ has its ]'],
  EndOfFileExpected: ['unexpected text after the end of the flow', 'the file must hold exactly one { … }'],
  InvalidCommentToken: [
    'comments are not allowed in a JSON file',
    'remove the comment, or put the note in a "description" text',
  ],
  UnexpectedEndOfComment: ['comments are not allowed in a JSON file', 'remove the comment'],
  UnexpectedEndOfString: ['a text is not closed: its closing " is missing', 'end the text with "'],
  UnexpectedEndOfNumber: ['this number is cut off', 'write numbers like 4000 or 0.5'],
  InvalidUnicode: ['invalid \\u escape in a text', 'write \\u followed by four hex digits'],
  InvalidEscapeCharacter: ['invalid backslash escape in a text', 'write a backslash itself as \\\\'],
  InvalidCharacter: ['a line break or control character inside a text', 'write a line break as \\n'],
};

function positionFinder(text: string): (offset: number) => Position {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The child of an object or array node for one pointer segment. */
function child(node: Node, segment: string): Node | undefined {
  if (node.type === 'object') {
    // The last one wins, like JSON.parse, so positions match the value that was validated.
    return node.children?.findLast((property) => property.children?.[0]?.value === segment)?.children?.[1];
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}

function findDuplicateKeys(node: Node, pointer: string, found: Finding[]): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      const key: unknown = keyNode?.value;
      if (typeof key !== 'string') continue;
      if (seen.has(key)) {
        found.push({
          ...error(
            pointerOf(pointer, key),
            `"${key}" is written twice in the same object: only the last one would count`,
            'remove or rename one of them',
          ),
          atKey: true,
        });
      }
      seen.add(key);
      if (valueNode) findDuplicateKeys(valueNode, pointerOf(pointer, key), found);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((item, index) => findDuplicateKeys(item, pointerOf(pointer, index), found));
  }
}

/** Parses strict JSON (no comments, no trailing commas) and keeps the positions of every value. */
export function parseJsonSource(text: string): JsonSource {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const position = positionFinder(text);
  const first = errors[0];
  let syntaxError: JsonSource['syntaxError'];
  if (first !== undefined || root === undefined) {
    const code =
      text.trim() === '' ? 'Empty' : first === undefined ? 'ValueExpected' : printParseErrorCode(first.error);
    const [message, hint] = SYNTAX[code] ?? [
      'the file is not valid JSON',
      'check the commas, quotes and brackets here',
    ];
    syntaxError = { ...error('', message, hint), ...position(first?.offset ?? 0) };
  }
  const duplicateKeys: Finding[] = [];
  if (syntaxError === undefined && root !== undefined) findDuplicateKeys(root, '', duplicateKeys);
  const value: unknown = syntaxError === undefined && root !== undefined ? getNodeValue(root) : undefined;

  return {
    value,
    syntaxError,
    duplicateKeys,
    locate(pointer, atKey = false) {
      let node = root;
      for (const segment of decodePointer(pointer)) {
        const next = node === undefined ? undefined : child(node, segment);
        if (next === undefined) return position(node?.offset ?? 0);
        node = next;
      }
      const target = atKey && node?.parent?.type === 'property' ? node.parent : node;
      return position(target?.offset ?? 0);
    },
  };
}
