/**
 * Copy placeholders: `{answers.age}`, `{result.overview.volume}`, `{settings.brand}`.
 * A brace not followed by a dotted path is ordinary text.
 */

const PLACEHOLDER = /\{([A-Za-z]\w*(?:\.\w+)*)\}/g;

/** The dotted paths a template reads, in order (e.g. ["answers.age", "result.score"]). */
export function placeholders(template: string): string[] {
  return Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] ?? '');
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
 * Replaces every placeholder with its value from `scope`; a missing value becomes empty text.
 * Numbers show at most one decimal. `encode` transforms each value, knowing its path (e.g. to
 * URL-encode a visitor's answers but not a configured base URL).
 */
export function interpolate(
  template: string,
  scope: unknown,
  encode: (text: string, path: string) => string = (text) => text,
): string {
  return template.replace(PLACEHOLDER, (_match, path: string) => encode(show(readPath(scope, path)), path));
}
