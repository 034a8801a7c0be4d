/**
 * Option values named in logic must exist: a comparison with an answer (`{"==": [{"var":
 * "answers.hrt"}, "no"]}`), a membership test, and the keys of a table that scores an answer
 * (`points`, `rank`, `pick`, `lookup`); a screen's `retiredValues` count as its options. A typo there
 * would silently score nothing. An option that no
 * points table mentions while its siblings are scored is a warning: usually a forgotten weight.
 */
import type { Flow } from '../flow.gen.ts';
import { readPath } from '../template.ts';
import { closest } from './did-you-mean.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';
import { argPointer, logicNodes, logicSites, type LogicNode } from './logic-sites.ts';

/** Every option of each answer: its value and the pointer of the value in the file. */
function optionsByAnswer(flow: Flow): Map<string, Map<string, string>> {
  const byAnswer = new Map<string, Map<string, string>>();
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (screen.kind !== 'multi-select' && screen.kind !== 'single-choice') continue;
    const options = byAnswer.get(screen.answer) ?? new Map<string, string>();
    screen.options.forEach((option, i) => {
      if (!options.has(option.value)) options.set(option.value, pointerOf('/screens', id, 'options', i, 'value'));
    });
    screen.retiredValues?.forEach((value, i) => {
      if (!options.has(value)) options.set(value, pointerOf('/screens', id, 'retiredValues', i));
    });
    byAnswer.set(screen.answer, options);
  }
  return byAnswer;
}

const PASS_THROUGH = new Set(['distinct', 'text', 'merge', 'compact', 'take', 'without', 'rank']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answers whose option values an expression yields (through computations such as distinct). */
function answersOf(expression: unknown, flow: Flow, depth = 0): string[] {
  if (depth > 20 || !isRecord(expression) || Object.keys(expression).length !== 1) return [];
  const [op = '', raw] = Object.entries(expression)[0] ?? [];
  const args: unknown[] = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') {
    const path = args[0];
    if (typeof path !== 'string') return [];
    if (path.startsWith('answers.')) return [path.split('.')[1] ?? ''];
    const name = path.slice('result.'.length);
    const computations = flow.computations ?? {};
    return path.startsWith('result.') && Object.hasOwn(computations, name)
      ? answersOf(computations[name], flow, depth + 1)
      : [];
  }
  if (!PASS_THROUGH.has(op)) return [];
  const sources = op === 'without' || op === 'take' || op === 'rank' ? args.slice(0, 1) : args;
  return sources.flatMap((arg) => answersOf(arg, flow, depth + 1));
}

/** The table a `{"var": "tables.…"}` argument names, with its dotted path, or undefined. */
function tableArg(arg: unknown, flow: Flow): { path: string; value: unknown } | undefined {
  if (!isRecord(arg) || typeof arg['var'] !== 'string' || !arg['var'].startsWith('tables.')) return undefined;
  const path = arg['var'].slice('tables.'.length);
  return { path, value: readPath(flow.tables ?? {}, path) };
}

interface Context {
  flow: Flow;
  options: Map<string, Map<string, string>>;
  findings: Finding[];
  /** Per answer, the option values some points table without a default scores, and the tables. */
  scored: Map<string, { values: Set<string>; tables: Set<string> }>;
}

/** The first answer (with options) that does not offer `value`, or undefined when all do. */
function unknownValue(value: string, answers: string[], context: Context) {
  for (const answer of answers) {
    const options = context.options.get(answer);
    if (options && !options.has(value)) return { answer, options };
  }
  return undefined;
}

function checkValue(value: unknown, answers: string[], pointer: string, context: Context, where = ''): void {
  if (typeof value !== 'string') return;
  const problem = unknownValue(value, answers, context);
  if (!problem) return;
  const match = closest(value, problem.options.keys());
  context.findings.push(
    error(
      pointer,
      where === ''
        ? `"${value}" is not an option of "${problem.answer}"`
        : `${where}"${value}", which is not an option of "${problem.answer}"`,
      match === undefined ? `its options: ${[...problem.options.keys()].join(', ')} (or list it in the screen's retiredValues)` : `did you mean "${match}"?`,
    ),
  );
}

function checkNode(node: LogicNode, context: Context): void {
  const { flow } = context;
  const [first, second] = node.args;
  if (['==', '===', '!=', '!=='].includes(node.op)) {
    const a = answersOf(first, flow);
    const b = answersOf(second, flow);
    if (a.length > 0) checkValue(second, a, argPointer(node, 1), context);
    if (b.length > 0) checkValue(first, b, argPointer(node, 0), context);
  } else if (node.op === 'in') {
    const inList = answersOf(second, flow);
    if (inList.length > 0) checkValue(first, inList, argPointer(node, 0), context);
    const answers = answersOf(first, flow);
    if (answers.length === 0) return;
    if (Array.isArray(second))
      second.forEach((value, i) => checkValue(value, answers, pointerOf(argPointer(node, 1), i), context));
    const table = tableArg(second, flow);
    if (table && Array.isArray(table.value))
      table.value.forEach((value, i) => {
        const at = pointerOf('/tables', ...table.path.split('.'), i);
        checkValue(value, answers, at, context, `tables.${table.path} names `);
      });
  } else if (['points', 'rank', 'pick', 'lookup'].includes(node.op)) {
    const answers = answersOf(first, flow);
    const table = tableArg(second, flow);
    if (answers.length === 0 || !table || !isRecord(table.value)) return;
    for (const key of Object.keys(table.value)) {
      const at = pointerOf('/tables', ...table.path.split('.'), key);
      const before = context.findings.length;
      checkValue(key, answers, at, context, `tables.${table.path} names `);
      const added = context.findings[before];
      if (added) context.findings[before] = { ...added, atKey: true };
    }
    if (node.op !== 'points' || node.args.length > 2) return;
    for (const answer of answers) {
      const scored = context.scored.get(answer) ?? { values: new Set<string>(), tables: new Set<string>() };
      Object.keys(table.value).forEach((key) => scored.values.add(key));
      scored.tables.add(`tables.${table.path}`);
      context.scored.set(answer, scored);
    }
  }
}

/** Option values in logic exist; options no points table scores (beside scored siblings) are warned about. */
export const checkOptionValues: FlowCheck = (flow) => {
  const context: Context = { flow, options: optionsByAnswer(flow), findings: [], scored: new Map() };
  for (const site of logicSites(flow))
    for (const node of logicNodes(site.expression, site.pointer)) if (!node.scoped) checkNode(node, context);
  for (const [answer, { values, tables }] of context.scored) {
    for (const [value, pointer] of context.options.get(answer) ?? []) {
      if (values.has(value)) continue;
      context.findings.push({
        pointer,
        severity: 'warning',
        message: `option "${value}" of "${answer}" scores nothing: ${[...tables].join(', ')} score${tables.size === 1 ? 's' : ''} its siblings but not it`,
        hint: `add "${value}": 0 to the table if it is meant to score nothing`,
      });
    }
  }
  return context.findings;
};
