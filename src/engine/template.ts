/**
 * Copy placeholders: `{answers.age}`, `{result.overview.volume}`, `{settings.brand}`.
 * A placeholder may name a format after a colon: `{answers.plan:label}` shows the chosen
 * option's label instead of its stored value; `{result.score:0}` shows a number with that many
 * decimals (0 to 3). Without a format a number shows at most one decimal.
 * A placeholder may name a fallback after a bar, shown when the value is missing:
 * `{answers.name|there}`, or `{answers.email|}` for "empty on purpose"; the format comes first
 * (`{answers.plan:label|}`). A brace not followed by a dotted path is ordinary text.
 */

const PLACEHOLDER = /\{([A-Za-z]\w*(?:\.\w+)*)(?::(\w+))?(?:\|([^{}|]*))?\}/g;

/** The format that shows an answer's option label. */
export const LABEL_FORMAT = 'label';

/** One placeholder of a template: the dotted path it reads, its format and fallback, when declared. */
export interface PlaceholderRead {
  path: string;
  /** `label`, or a count of decimals; undefined when the placeholder declares none. */
  format: string | undefined;
  /** The text shown when the value is missing; undefined when the placeholder declares none. */
  fallback: string | undefined;
}

/** The labels of each answer's options: answer key → stored value → label. */
export type OptionLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Why a format is not one the templates know, or undefined when it is. */
export function formatProblem(format: string): string | undefined {
  if (format === LABEL_FORMAT || /^[0-3]$/.test(format)) return undefined;
  return `unknown format ":${format}" (use ":label" for an option's label, or ":0" to ":3" for a number's decimals)`;
}

/** The placeholders a template reads, in order, with their formats and fallbacks. */
export function placeholderReads(template: string): PlaceholderRead[] {
  return Array.from(template.matchAll(PLACEHOLDER), (m) => ({ path: m[1] ?? '', format: m[2], fallback: m[3] }));
}

/** The dotted paths a template reads, in order (e.g. ["answers.age", "result.score"]). */
export function placeholders(template: string): string[] {
  return placeholderReads(template).map((read) => read.path);
}

/**
 * An object's own property (never one inherited from a prototype). An own getter is read too: the
 * scope derives its `result` only when read (scope.ts). Data parsed from JSON has no getters.
 */
export function ownValue(value: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor?.get ? descriptor.get.call(value) : descriptor?.value;
}

/** Reads a dotted path from a nested value; undefined when any part is missing. */
export function readPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = ownValue(value, part);
  }
  return value;
}

/** A number with `decimals` places; undefined: at most one decimal, as typed copy usually wants. */
export function formatNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '';
  if (decimals === undefined) return String(Math.round(value * 10) / 10);
  // Rounded before fixing, so -0.4 shows "0", not "-0".
  const rounded = Math.round(value * 10 ** decimals) / 10 ** decimals;
  return (rounded || 0).toFixed(decimals);
}

function show(value: unknown, format: string | undefined, labels: Readonly<Record<string, string>> | undefined): string {
  if (labels && typeof value === 'string') {
    const label: unknown = Object.hasOwn(labels, value) ? labels[value] : undefined;
    return typeof label === 'string' ? label : value;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value, format && /^\d$/.test(format) ? Number(format) : undefined);
  if (Array.isArray(value)) return value.map((item) => show(item, format, labels)).join(', ');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/** The option labels of `answers.<key>` from a scope that carries them (see scope.ts). */
function labelsFor(scope: unknown, path: string): Readonly<Record<string, string>> | undefined {
  const own = path.startsWith('answers.') ? readPath(scope, `labels.${path.slice(8)}`) : undefined;
  return own !== null && typeof own === 'object' ? Object.fromEntries(Object.entries(own)) : undefined;
}

/**
 * Replaces every placeholder with its value from `scope`; a missing value becomes its fallback, or
 * empty text. `encode` transforms each value, knowing its path (e.g. to URL-encode a visitor's
 * answers but not a configured base URL).
 */
export function interpolate(
  template: string,
  scope: unknown,
  encode: (text: string, path: string) => string = (text) => text,
): string {
  return template.replace(
    PLACEHOLDER,
    (_match, path: string, format: string | undefined, fallback: string | undefined) => {
      const labels = format === LABEL_FORMAT ? labelsFor(scope, path) : undefined;
      const text = show(readPath(scope, path), format, labels);
      return encode(text === '' && fallback !== undefined ? fallback : text, path);
    },
  );
}
