/**
 * The json-logic operations a flow may use: json-logic's own (minus `log`, which could print a
 * visitor's answers) and a small registered set that spec-style scoring needs (points per option,
 * bands, distinct counts, conditional lists). Registering them here, once, means guards, copy
 * conditions and computations all run on the same operations, and the checker knows each one's
 * arity. `var` is replaced by a version that reads own properties only, so no path
 * (`__proto__`, `constructor.constructor`) can reach a prototype.
 */
import jsonLogic from 'json-logic-js';
import { interpolate, ownValue } from './template.ts';

/** How many arguments an operation takes: [min, max] (max Infinity for "any number"). */
export type Arity = readonly [number, number];

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Own-property read of one step of a path; prototypes are never reached. */
function ownStep(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object' || FORBIDDEN_KEYS.has(key)) return undefined;
  return ownValue(value, key);
}

function safeVar(this: unknown, path?: unknown, otherwise?: unknown): unknown {
  const fallback = otherwise === undefined ? null : otherwise;
  if (path === undefined || path === null || path === '') return this;
  return readOwnPath(this, String(path).split('.')) ?? fallback;
}

function readOwnPath(root: unknown, keys: string[]): unknown {
  let value = root;
  for (const key of keys) {
    value = ownStep(value, key);
    if (value === undefined) return undefined;
  }
  return value;
}

/** The distinct non-empty strings of a list (a non-list is empty). */
function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is string => typeof item === 'string' && item !== ''))];
}

/** A single value or a multi-select as a list of distinct option values. */
function chosen(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return strings(value);
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function entry(table: unknown, key: unknown): unknown {
  return typeof key === 'string' ? ownStep(table, key) : undefined;
}

/** Rounds after removing binary noise (0.1 × 3 = 0.30000000000000004), so 1.45 rounds to 1.5. */
export function roundTo(value: number, decimals: number): number {
  const clean = Number(value.toPrecision(12));
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(clean) * factor) / factor;
  return clean < 0 ? -rounded : rounded;
}

/** The registered operations, by name. Each is pure except `fill`, which reads the data (`this`). */
const REGISTERED = {
  /** `table[key]`, or `otherwise` (null) when the table has no such key. */
  lookup: (key: unknown, table: unknown, otherwise: unknown = null) => entry(table, key) ?? otherwise,
  /** Sum of the table's points of each chosen value (once each); a value not in the table adds `otherwise` (0). */
  points: (values: unknown, table: unknown, otherwise: unknown = 0) =>
    chosen(values).reduce((sum, value) => {
      const points = finite(entry(table, value)) ?? finite(otherwise) ?? 0;
      return sum + points;
    }, 0),
  /** The table's entries of the chosen values that it has, in the list's order. */
  pick: (values: unknown, table: unknown) =>
    chosen(values).flatMap((value) => {
      const found = entry(table, value);
      return found === undefined ? [] : [found];
    }),
  /** The chosen values the table scores, highest score first; ties keep the table's order. */
  rank: (values: unknown, table: unknown) => {
    const picked = new Set(chosen(values));
    if (table === null || typeof table !== 'object') return [];
    return Object.keys(table)
      .filter((key) => picked.has(key) && finite(entry(table, key)) !== null)
      .sort((a, b) => (finite(entry(table, b)) ?? 0) - (finite(entry(table, a)) ?? 0));
  },
  /** `value` limited to `min..max`. */
  clamp: (value: unknown, min: unknown, max: unknown) =>
    Math.min(Number(max), Math.max(Number(min), Number(value))),
  /** `value` rounded to `decimals` places (0), half away from zero. */
  round: (value: unknown, decimals: unknown = 0) => roundTo(Number(value), Number(decimals)),
  /** The output of the first `[min, output]` band (highest first) that `value` reaches, else `otherwise`. */
  band: (value: unknown, bands: unknown, otherwise: unknown = null) => {
    const number = Number(value);
    if (!Array.isArray(bands)) return otherwise;
    for (const band of bands) {
      if (Array.isArray(band) && number >= Number(band[0])) return band[1];
    }
    return otherwise;
  },
  /** The distinct non-empty texts of all the given lists, in first-seen order (non-lists count nothing). */
  distinct: (...lists: unknown[]) => [...new Set(lists.flatMap(strings))],
  /** The list without the excluded values. */
  without: (list: unknown, excluded: unknown) =>
    Array.isArray(list) ? list.filter((item) => !(Array.isArray(excluded) && excluded.includes(item))) : [],
  /** How many items a list has (0 for anything else). */
  count: (list: unknown) => (Array.isArray(list) ? list.length : 0),
  /** The list without null items: a conditional list is a list of `if`s that give null when they don't hold. */
  compact: (list: unknown) => (Array.isArray(list) ? list.filter((item) => item !== null && item !== undefined) : []),
  /** The first `n` items of a list. */
  take: (list: unknown, n: unknown) => (Array.isArray(list) ? list.slice(0, Math.max(0, Number(n))) : []),
  /** `value` when it is a finite number, else `otherwise`: stored answers may be missing or corrupt. */
  number: (value: unknown, otherwise: unknown = null) => finite(value) ?? otherwise,
  /** `value` when it is a non-empty text, else `otherwise`. */
  text: (value: unknown, otherwise: unknown = null) => (typeof value === 'string' && value !== '' ? value : otherwise),
  /** Texts (also inside lists and objects) with their `{result.x}` placeholders filled from the data. */
  fill(this: unknown, value: unknown): unknown {
    const fillIn = (node: unknown): unknown => {
      if (typeof node === 'string') return interpolate(node, this);
      if (Array.isArray(node)) return node.map(fillIn);
      if (node === null || typeof node !== 'object') return node;
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, fillIn(item)]));
    };
    return fillIn(value);
  },
} satisfies Record<string, (...args: never[]) => unknown>;

/** The names of the operations registered here on top of json-logic's own (for the MCP server's list). */
export const REGISTERED_OPERATIONS: readonly string[] = Object.keys(REGISTERED);

/** Every operation a flow may use, with its arity (json-logic's own, then the registered ones). */
export const OPERATION_ARITY: Readonly<Record<string, Arity>> = {
  var: [0, 2],
  missing: [0, Infinity],
  missing_some: [2, 2],
  if: [1, Infinity],
  '?:': [3, 3],
  '==': [2, 2],
  '===': [2, 2],
  '!=': [2, 2],
  '!==': [2, 2],
  '!': [1, 1],
  '!!': [1, 1],
  or: [1, Infinity],
  and: [1, Infinity],
  '>': [2, 2],
  '>=': [2, 2],
  '<': [2, 3],
  '<=': [2, 3],
  max: [1, Infinity],
  min: [1, Infinity],
  '+': [1, Infinity],
  '-': [1, 2],
  '*': [1, Infinity],
  '/': [2, 2],
  '%': [2, 2],
  in: [2, 2],
  cat: [1, Infinity],
  substr: [2, 3],
  merge: [0, Infinity],
  map: [2, 2],
  filter: [2, 2],
  reduce: [2, 3],
  all: [2, 2],
  none: [2, 2],
  some: [2, 2],
  lookup: [2, 3],
  points: [2, 3],
  pick: [2, 2],
  rank: [2, 2],
  clamp: [3, 3],
  round: [1, 2],
  band: [2, 3],
  distinct: [1, Infinity],
  without: [2, 2],
  count: [1, 1],
  compact: [1, 1],
  take: [2, 2],
  number: [1, 2],
  text: [1, 2],
  fill: [1, 1],
};

/** Operations whose second argument runs once per list item, with the item (not the flow's data) as data. */
export const SCOPED_OPERATIONS: ReadonlySet<string> = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

jsonLogic.add_operation('var', safeVar);
jsonLogic.rm_operation('log');
for (const [name, operation] of Object.entries(REGISTERED)) jsonLogic.add_operation(name, operation);

/** json-logic with the flow's operations registered. */
export const logic = jsonLogic;
