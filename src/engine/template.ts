/**
 * Copy placeholders: `{answers.age}`, `{result.overview.volume}`, `{settings.brand}`.
 * A placeholder may name a fallback after a bar, shown when the value is missing:
 * `{answers.name|there}`, or `{answers.email|}` for "empty on purpose". A brace not followed by a
 * dotted path is ordinary text.
 */

const PLACEHOLDER = /\{([A-Za-z]\w*(?:\.\w+)*)(?:\|([^{}|]*))?\}/g;

/** One placeholder of a template: the dotted path it reads and its fallback, when it declares one. */
export interface PlaceholderRead {
  path: string;
  /** The text shown when the value is missing; undefined when the placeholder declares none. */
  fallback: string | undefined;
}

/** The placeholders a template reads, in order, with their fallbacks. */
export function placeholderReads(template: string): PlaceholderRead[] {
  return Array.from(template.matchAll(PLACEHOLDER), (m) => ({ path: m[1] ?? '', fallback: m[2] }));
}

/** The dotted paths a template reads, in order (e.g. ["answers.age", "result.score"]). */
export function placeholders(template: string): string[] {
  return placeholderReads(template).map((read) => read.path);
}

/** Reads a dotted path from a nested value; undefined when any part is missing. */
export function readPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.getOwnPropertyDescriptor(value, part)?.value;
  }
  return value;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/**
 * Replaces every placeholder with its value from `scope`; a missing value becomes its fallback, or
 * empty text. Numbers show at most one decimal. `encode` transforms each value, knowing its path (e.g.
 * to URL-encode a visitor's answers but not a configured base URL).
 */
export function interpolate(
  template: string,
  scope: unknown,
  encode: (text: string, path: string) => string = (text) => text,
): string {
  return template.replace(PLACEHOLDER, (_match, path: string, fallback: string | undefined) => {
    const text = show(readPath(scope, path));
    return encode(text === '' && fallback !== undefined ? fallback : text, path);
  });
}
