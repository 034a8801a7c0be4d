/**
 * Checks every json-logic expression of a flow (computations and screen rules) the way json-logic
 * itself never does before a visitor's browser runs it: each operator exists and gets a number of
 * arguments it takes; a computation reads only answers, stored data, settings, tables and the
 * computations above it, never itself through a cycle.
 */
import type { Flow } from '../flow.gen.ts';
import { OPERATION_ARITY } from '../logic-operations.ts';
import { placeholders, readPath } from '../template.ts';
import { closest } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';
import { argPointer, logicNodes, logicSites, varPath, type LogicNode } from './logic-sites.ts';
import { dataWrites, writtenAnswers } from './reference-check.ts';

/** Mistakes json-logic users make often, with what they meant. */
const MEANT: Readonly<Record<string, string>> = { '=': '==', contains: 'in', equals: '==', '&&': 'and', '||': 'or', not: '!' };
const OPERATORS = Object.keys(OPERATION_ARITY);

function arityText([min, max]: readonly [number, number]): string {
  if (min === max) return `${min} argument${min === 1 ? '' : 's'}`;
  return max === Infinity ? `at least ${min} argument${min === 1 ? '' : 's'}` : `${min} to ${max} arguments`;
}

function operatorFindings(node: LogicNode, where: string): Finding[] {
  const arity = Object.hasOwn(OPERATION_ARITY, node.op) ? OPERATION_ARITY[node.op] : undefined;
  if (arity === undefined) {
    const meant = Object.hasOwn(MEANT, node.op) ? MEANT[node.op] : closest(node.op, OPERATORS);
    return [
      error(
        node.pointer,
        `unknown operator "${node.op}" in this ${where}`,
        meant === undefined ? 'see the operations in docs/marketers/editing-flows.md' : `did you mean "${meant}"?`,
      ),
    ];
  }
  const count = node.args.length;
  if (count >= arity[0] && count <= arity[1]) return [];
  return [error(node.pointer, `"${node.op}" takes ${arityText(arity)}, not ${count}`)];
}

/** The computations a `result.…` path reads: the one named by a prefix, or those under the path. */
export function computationsRead(path: string, names: readonly string[]): string[] {
  const parts = path.split('.');
  for (let i = parts.length; i >= 1; i--) {
    const name = parts.slice(0, i).join('.');
    if (names.includes(name)) return [name];
  }
  return names.filter((name) => name.startsWith(`${path}.`));
}

interface Scope {
  answers: Set<string>;
  data: Set<string>;
  settings: Set<string>;
  tables: unknown;
  names: string[];
}

/** Why a computation's `var` path reads nothing, or undefined when it reads something. */
function varProblem(path: string, scope: Scope): { why: string; hint?: string } | undefined {
  const [root = '', name = '', ...rest] = path.split('.');
  const known = (set: Set<string>, what: string) =>
    set.has(name) ? undefined : { why: what, hint: hintFor(`${root}.${name}`, [...set].map((n) => `${root}.${n}`)) };
  if (root === 'answers') return known(scope.answers, `: no screen stores an answer "${name}"`);
  if (root === 'data') return known(scope.data, `: nothing stores "${name}" (storage.dataKeys written by an action)`);
  if (root === 'settings') return known(scope.settings, `: there is no setting "${name}"`);
  if (root === 'tables') {
    if (readPath(scope.tables, [name, ...rest].join('.')) !== undefined) return undefined;
    return { why: `: there is no table value "${[name, ...rest].join('.')}"`, hint: hintFor(path, tablePaths(scope.tables, 'tables')) };
  }
  if (root === 'result') {
    if (computationsRead(path.slice('result.'.length), scope.names).length > 0) return undefined;
    return { why: `: no computation is named "${[name, ...rest].join('.')}"`, hint: hintFor(path, scope.names.map((n) => `result.${n}`)) };
  }
  return { why: ': a computation reads answers, data, settings, tables or result (earlier computations)' };
}

function hintFor(path: string, candidates: string[]): string | undefined {
  const match = closest(path, candidates);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}

function tablePaths(node: unknown, prefix: string): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [prefix];
  return [prefix, ...Object.entries(node).flatMap(([key, value]) => tablePaths(value, `${prefix}.${key}`))];
}

/** The computations each computation reads, with the pointer of the first read of each. */
function readsOf(flow: Flow, names: string[]): Map<string, Map<string, string>> {
  const reads = new Map<string, Map<string, string>>();
  for (const site of logicSites(flow)) {
    if (site.computation === undefined) continue;
    const found = new Map<string, string>();
    for (const node of logicNodes(site.expression, site.pointer)) {
      const path = varPath(node);
      if (node.scoped || path === undefined || !path.startsWith('result.')) continue;
      for (const name of computationsRead(path.slice('result.'.length), names))
        if (!found.has(name)) found.set(name, argPointer(node, 0));
    }
    reads.set(site.computation, found);
  }
  return reads;
}

/** The cycle through `start` as a list of names (start … start), or undefined. */
function cycleThrough(start: string, reads: Map<string, Map<string, string>>): string[] | undefined {
  const seen = new Set<string>();
  const visit = (name: string, path: string[]): string[] | undefined => {
    for (const next of reads.get(name)?.keys() ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = visit(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return visit(start, [start]);
}

function orderFindings(flow: Flow, names: string[]): Finding[] {
  const reads = readsOf(flow, names);
  const findings: Finding[] = [];
  // A cycle is reported once, at its first computation in the file, naming every step.
  const inReportedCycle = new Set<string>();
  for (const [name, read] of reads) {
    if (inReportedCycle.has(name)) continue;
    const cycle = cycleThrough(name, reads);
    if (cycle) {
      cycle.forEach((member) => inReportedCycle.add(member));
      const next = cycle[1] ?? name;
      findings.push(
        error(
          read.get(next) ?? pointerOfComputation(name),
          cycle.length === 2
            ? `computation "${name}" reads itself`
            : `computation "${name}" reads itself through ${cycle.join(' → ')}`,
          'a computation may read only the computations above it',
        ),
      );
      continue;
    }
    for (const [other, pointer] of read) {
      if (names.indexOf(other) > names.indexOf(name))
        findings.push(
          error(
            pointer,
            `computation "${name}" reads "${other}", which is computed after it`,
            `move "${other}" above "${name}": computations run in order`,
          ),
        );
    }
  }
  return findings;
}

function pointerOfComputation(name: string): string {
  return `/computations/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** Placeholders in table texts (filled by `fill`) read computations, answers, data, settings or tables. */
function tableTextFindings(node: unknown, pointer: string, scope: Scope): Finding[] {
  if (typeof node === 'string')
    return placeholders(node).flatMap((path) => {
      const problem = varProblem(path, scope);
      return problem ? [error(pointer, `unknown placeholder "{${path}}" in this table text${problem.why}`, problem.hint)] : [];
    });
  if (Array.isArray(node)) return node.flatMap((item, i) => tableTextFindings(item, pointerOf(pointer, i), scope));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, item]) => tableTextFindings(item, pointerOf(pointer, key), scope));
}

/** Operators and arity everywhere; var paths, order and cycles in computations; table placeholders. */
export const checkLogic: FlowCheck = (flow) => {
  const names = Object.keys(flow.computations ?? {});
  const written = new Set(dataWrites(flow).map(({ key }) => key));
  const scope: Scope = {
    answers: writtenAnswers(flow),
    data: new Set(flow.storage.dataKeys.filter((key) => written.has(key))),
    settings: new Set(Object.keys(flow.settings)),
    tables: flow.tables ?? {},
    names,
  };
  const findings: Finding[] = [];
  for (const site of logicSites(flow)) {
    const where = site.computation === undefined ? 'rule' : 'computation';
    for (const node of logicNodes(site.expression, site.pointer)) {
      findings.push(...operatorFindings(node, where));
      const path = varPath(node);
      if (site.computation === undefined || node.scoped || path === undefined || path === '') continue;
      const problem = varProblem(path, scope);
      if (problem)
        findings.push(error(argPointer(node, 0), `unknown variable "${path}" in this computation${problem.why}`, problem.hint));
    }
  }
  return [...findings, ...orderFindings(flow, names), ...tableTextFindings(flow.tables ?? {}, '/tables', scope)];
};
