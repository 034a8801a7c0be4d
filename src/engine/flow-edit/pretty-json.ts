/**
 * JSON text for a value inserted into a flow file, in the file's own style: a short object or list stays
 * on one line (`{ "value": "a", "label": "A" }`), a longer one opens one member per line, indented from
 * the line it starts on. Only new text is printed this way; existing text is never re-serialised.
 */

/** Lines longer than this open up, as the shipped flows do. */
const WIDTH = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value on one line, with a space inside braces and after commas and colons. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (isRecord(value)) {
    const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`);
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `value` as JSON text on a line indented by `indent` spaces, starting at column `start` (0-based) of that
 * line; continuation lines are indented by `unit` per level from the line's indentation.
 */
export function prettyJson(value: unknown, indent: number, start = indent, unit = '  '): string {
  const flat = inline(value);
  if (start + flat.length <= WIDTH || !(Array.isArray(value) || isRecord(value))) return flat;
  const inner = ' '.repeat(indent) + unit;
  const lines = Array.isArray(value)
    ? value.map((item) => inner + prettyJson(item, inner.length, inner.length, unit))
    : Object.entries(value).map(([key, item]) => {
        const head = `${JSON.stringify(key)}: `;
        return inner + head + prettyJson(item, inner.length, inner.length + head.length, unit);
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join(',\n')}\n${' '.repeat(indent)}${close}`;
}
