/**
 * Copy placeholders: `{answers.age}`, `{result.overview.volume}`, `{settings.brand}`.
 * A placeholder may name a format after a colon: `{answers.plan:label}` shows the chosen
 * option's label instead of its stored value; `{result.score:0}` shows a number with that many
 * decimals (0 to 3). Without a format a number shows at most one decimal. The number formats of
 * number-format.ts write a number by the flow's `settings.locale` and `settings.currency`:
 * `:number` (grouped: 12,300.5), `:currency` ($2,280), `:percent` (42 → 42%), `:compact` (12.3K) and
 * `:plural(one|other)` (the whole number and the word its count takes: "1 year", "3 years").
 * A placeholder may name a fallback after a bar, shown when the value is missing:
 * `{answers.name|there}`, or `{answers.email|}` for "empty on purpose"; the format comes first
 * (`{answers.plan:label|}`). A brace not followed by a dotted path is ordinary text.
 */

const PLACEHOLDER = /\{([A-Za-z]\w*(?:\.\w+)*)(?::(\w+(?:\([^(){}]*\))?))?(?:\|([^{}|]*))?\}/g;

/** The format that shows an answer's option label. */
export const LABEL_FORMAT = 'label';

/** One placeholder of a template: the dotted path it reads, its format and fallback, when declared. */
export interface PlaceholderRead {
  path: string;
  /** `label`, a count of decimals, or a number format (`currency`, `plural(year|years)`…); undefined when the placeholder declares none. */
  format: string | undefined;
  /** The text shown when the value is missing; undefined when the placeholder declares none. */
  fallback: string | undefined;
}

/** The labels of each answer's options: answer key → stored value → label. */
export type OptionLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

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

/**
 * Writes a number in a number format (`currency`, `plural(year|years)`…; number-format.ts) by the
 * scope's settings, or undefined for a format that is none.
 */
export type NumberFormats = (format: string, value: number, scope: unknown) => string | undefined;

/**
 * The number formats, installed with the result code (resultCodeFor in src/app/derive-result.ts)
 * rather than imported: copy is on the visitor's first load and the formats are not; a screen whose
 * copy uses one waits for the result code (readsResult). Until then a number shows as without a format.
 */
let numberFormats: NumberFormats | undefined;

export function installNumberFormats(formats: NumberFormats): void {
  numberFormats = formats;
}

function showNumber(value: number, format: string | undefined, scope: unknown): string {
  if (!Number.isFinite(value)) return '';
  if (format === undefined || /^\d$/.test(format)) return formatNumber(value, format === undefined ? undefined : Number(format));
  return numberFormats?.(format, value, scope) ?? formatNumber(value);
}

function show(
  value: unknown,
  format: string | undefined,
  labels: Readonly<Record<string, string>> | undefined,
  scope: unknown,
): string {
  if (labels && typeof value === 'string') {
    const label: unknown = Object.hasOwn(labels, value) ? labels[value] : undefined;
    return typeof label === 'string' ? label : value;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return showNumber(value, format, scope);
  if (Array.isArray(value)) return value.map((item) => show(item, format, labels, scope)).join(', ');
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
      const text = show(readPath(scope, path), format, labels, scope);
      return encode(text === '' && fallback !== undefined ? fallback : text, path);
    },
  );
}
