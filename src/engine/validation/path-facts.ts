/**
 * What is surely known at a point of the funnel: which answers and stored data have been written, and
 * whether a lead was saved. The path proofs compute these facts as a "must" analysis: a fact holds at a
 * screen only when it holds on every path that reaches it.
 */
import { pointerOf } from './flow-issue.ts';

/** The facts that hold on every path reaching a point (or along one path, for a counterexample). */
export interface Facts {
  /**
   * Answer keys written on every path that has written some answer; undefined when no such path
   * reaches here. Kept apart from `pristine` because a screen's sample answers stand in exactly when
   * no answer at all has been written.
   */
  answers: ReadonlySet<string> | undefined;
  /** Some path reaching here has written no answer yet (a fresh visitor). */
  pristine: boolean;
  /** Data keys written on every path. */
  data: ReadonlySet<string>;
  /** A lead was saved (or its save started) on every path. */
  lead: boolean;
}

/** What a rule proves when it holds: answer and data keys that must then exist. */
export interface Guarantee {
  answers: ReadonlySet<string>;
  data: ReadonlySet<string>;
}

/** A visitor who opens the funnel with nothing stored. */
export const FRESH: Facts = { answers: undefined, pristine: true, data: new Set(), lead: false };

const NOTHING: Guarantee = { answers: new Set(), data: new Set() };

function intersect<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): Set<T> {
  return new Set([...a].filter((item) => b.has(item)));
}

/** Where two sets of paths meet: only what holds on both survives. */
export function meet(a: Facts, b: Facts): Facts {
  const answers =
    a.answers === undefined
      ? b.answers
      : b.answers === undefined
        ? a.answers
        : intersect(a.answers, b.answers);
  return {
    answers,
    pristine: a.pristine || b.pristine,
    data: intersect(a.data, b.data),
    lead: a.lead && b.lead,
  };
}

/** Whether two fact sets are the same (the fixed point is reached when nothing changes). */
export function sameFacts(a: Facts, b: Facts): boolean {
  const same = (x: ReadonlySet<string> | undefined, y: ReadonlySet<string> | undefined) =>
    x === undefined || y === undefined ? x === y : x.size === y.size && [...x].every((k) => y.has(k));
  return same(a.answers, b.answers) && a.pristine === b.pristine && same(a.data, b.data) && a.lead === b.lead;
}

/**
 * The facts after answers `keys` are written. Paths that had written nothing now hold exactly `keys`,
 * so when such a path reaches here only `keys` are sure.
 */
export function writeAnswers(facts: Facts, keys: Iterable<string>): Facts {
  const written = new Set(keys);
  if (written.size === 0) return facts;
  const answers = facts.pristine ? written : new Set([...(facts.answers ?? []), ...written]);
  return { ...facts, answers, pristine: false };
}

/** The facts after data `key` is stored. */
export function writeData(facts: Facts, key: string): Facts {
  return { ...facts, data: new Set([...facts.data, key]) };
}

/** The facts once a rule is known to hold. */
export function assume(facts: Facts, guarantee: Guarantee): Facts {
  const withData = [...guarantee.data].reduce(writeData, facts);
  return writeAnswers(withData, guarantee.answers);
}

/** The stored thing a dotted path reads: `answers.age.x` → answers "age"; settings and results are not tracked. */
export function factOf(path: string): { root: 'answers' | 'data'; key: string } | undefined {
  const [root, key] = path.split('.');
  if ((root === 'answers' || root === 'data') && key !== undefined && key !== '') return { root, key };
  return undefined;
}

/**
 * Whether `path` surely holds a value. `sample` lists the answer keys a screen's sample answers give,
 * which stand in for a visitor who has answered nothing yet.
 */
export function isWritten(facts: Facts, path: string, sample: ReadonlySet<string> = new Set()): boolean {
  const fact = factOf(path);
  if (fact === undefined) return true;
  if (fact.root === 'data') return facts.data.has(fact.key);
  const onAnsweredPaths = facts.answers === undefined || facts.answers.has(fact.key);
  return onAnsweredPaths && (!facts.pristine || sample.has(fact.key));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function args(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The path of a `{ "var": … }` without a default, or undefined. */
function plainVar(node: unknown): string | undefined {
  if (!isRecord(node) || !Object.hasOwn(node, 'var') || Object.keys(node).length !== 1) return undefined;
  const [path, ...rest] = args(node['var']);
  return typeof path === 'string' && rest.length === 0 ? path : undefined;
}

function isLiteral(value: unknown): boolean {
  return value !== null && value !== undefined && typeof value !== 'object';
}

/** The path of a `var` compared with `literal`: its value must exist, unless its default equals the literal. */
function varUnlessDefault(node: unknown, literal: unknown): string | undefined {
  const plain = plainVar(node);
  if (plain !== undefined || !isRecord(node) || !Array.isArray(node['var'])) return plain;
  const [path, fallback] = node['var'];
  return typeof path === 'string' && fallback !== literal ? path : undefined;
}

function guaranteeOf(path: string | undefined): Guarantee {
  const fact = path === undefined ? undefined : factOf(path);
  if (fact === undefined) return NOTHING;
  return fact.root === 'answers'
    ? { answers: new Set([fact.key]), data: new Set() }
    : { answers: new Set(), data: new Set([fact.key]) };
}

function union(all: Guarantee[]): Guarantee {
  return {
    answers: new Set(all.flatMap((g) => [...g.answers])),
    data: new Set(all.flatMap((g) => [...g.data])),
  };
}

/**
 * What a json-logic rule proves when it holds. Only forms whose truth needs a value are used: a bare
 * `var` (truthy), `!!`, `==`/`===` against a literal that isn't null (nor the var's default), `!=`
 * null, `in` a `var`, `and` (all parts)
 * and `or` (what every branch proves). Anything else proves nothing, which only makes the proofs stricter.
 */
export function ruleGuarantee(rule: unknown): Guarantee {
  const path = plainVar(rule);
  if (path !== undefined) return guaranteeOf(path);
  if (!isRecord(rule) || Object.keys(rule).length !== 1) return NOTHING;
  const [op = '', raw] = Object.entries(rule)[0] ?? [];
  const list = args(raw);
  if (op === '!!') return ruleGuarantee(list[0]);
  if (op === 'and') return union(list.map(ruleGuarantee));
  if (op === 'or') {
    const each = list.map(ruleGuarantee);
    const [first, ...rest] = each;
    if (first === undefined) return NOTHING;
    return rest.reduce(
      (acc, g) => ({ answers: intersect(acc.answers, g.answers), data: intersect(acc.data, g.data) }),
      first,
    );
  }
  if (op === 'in') return guaranteeOf(plainVar(list[1]));
  if (op === '==' || op === '===') {
    const [a, b] = list;
    if (isLiteral(b)) return guaranteeOf(varUnlessDefault(a, b));
    if (isLiteral(a)) return guaranteeOf(varUnlessDefault(b, a));
  }
  // Loose `!=` null holds only for a value that is there (a missing one reads as null); `!==` proves nothing.
  if (op === '!=') {
    const [a, b] = list;
    if (b === null) return guaranteeOf(plainVar(a));
    if (a === null) return guaranteeOf(plainVar(b));
  }
  return NOTHING;
}

/** One `var` of a rule: its path, the pointer of the path in the file, and whether it has a default. */
export interface RuleRead {
  path: string;
  pointer: string;
  hasDefault: boolean;
}

/** Every `var` a rule reads, each at the pointer of its path (`…/var` or `…/var/0`). */
export function ruleReads(rule: unknown, pointer: string): RuleRead[] {
  if (Array.isArray(rule)) return rule.flatMap((item, i) => ruleReads(item, pointerOf(pointer, i)));
  if (!isRecord(rule)) return [];
  return Object.entries(rule).flatMap(([op, value]) => {
    const at = pointerOf(pointer, op);
    if (op !== 'var') return ruleReads(value, at);
    if (!Array.isArray(value)) {
      return typeof value === 'string' && value !== ''
        ? [{ path: value, pointer: at, hasDefault: false }]
        : ruleReads(value, at);
    }
    const [path] = value;
    const own =
      typeof path === 'string' && path !== ''
        ? [{ path, pointer: pointerOf(at, 0), hasDefault: value.length >= 2 }]
        : ruleReads(path, pointerOf(at, 0));
    return [...own, ...value.slice(1).flatMap((v, i) => ruleReads(v, pointerOf(at, i + 1)))];
  });
}
