/**
 * Where a flow holds json-logic: every computation, every `when` rule of a screen (guards, conditional
 * copy), every storeData value and the rule of the results saved with the lead (tracking.lead.when). The logic checks walk these sites.
 */
import type { Flow } from '../flow.gen.ts';
import { pointerOf } from './flow-issue.ts';

/** One json-logic expression of the flow and where it is. */
export interface LogicSite {
  expression: unknown;
  pointer: string;
  /** The computation this is, or undefined for a screen's rule. */
  computation?: string;
}

/** One operation inside an expression: its name, its arguments (always a list) and its pointer. */
export interface LogicNode {
  op: string;
  args: unknown[];
  /** Whether `args` was written as a list (`{"var": ["a", 1]}`) or as one value (`{"var": "a"}`). */
  listed: boolean;
  pointer: string;
  /** Inside the per-item logic of map/filter/reduce/all/none/some, where `var` reads the item. */
  scoped: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every computation and screen rule of `flow`, in file order. */
export function logicSites(flow: Flow): LogicSite[] {
  const sites: LogicSite[] = [];
  for (const [name, expression] of Object.entries(flow.computations ?? {}))
    sites.push({ expression, pointer: pointerOf('/computations', name), computation: name });
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, pointerOf(pointer, i)));
    if (!isRecord(node)) return;
    const storeData = node['type'] === 'storeData';
    for (const [key, value] of Object.entries(node)) {
      const at = pointerOf(pointer, key);
      if (key === 'sampleAnswers') continue;
      if (key === 'when') sites.push({ expression: value, pointer: at });
      else if (storeData && key === 'params' && isRecord(value) && isRecord(value['value'])) {
        for (const [field, rule] of Object.entries(value['value']))
          sites.push({ expression: rule, pointer: pointerOf(at, 'value', field) });
      } else walk(value, at);
    }
  };
  for (const [id, screen] of Object.entries(flow.screens)) walk(screen, pointerOf('/screens', id));
  const leadWhen = flow.tracking?.lead?.when;
  if (leadWhen !== undefined) sites.push({ expression: leadWhen, pointer: '/tracking/lead/when' });
  return sites;
}

const SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

/** Every operation of an expression (a one-key object), outermost first. */
export function logicNodes(expression: unknown, pointer: string, scoped = false): LogicNode[] {
  if (Array.isArray(expression))
    return expression.flatMap((item, i) => logicNodes(item, pointerOf(pointer, i), scoped));
  if (!isRecord(expression)) return [];
  const keys = Object.keys(expression);
  // An object of several keys is a literal value (json-logic returns it as it is).
  if (keys.length !== 1) return [];
  const op = keys[0] ?? '';
  const raw = expression[op];
  const listed = Array.isArray(raw);
  const args: unknown[] = Array.isArray(raw) ? raw : [raw];
  const at = pointerOf(pointer, op);
  const node: LogicNode = { op, args, listed, pointer: at, scoped };
  const inner = args.flatMap((arg, i) =>
    logicNodes(arg, listed ? pointerOf(at, i) : at, scoped || (SCOPED.has(op) && i >= 1)),
  );
  return [node, ...inner];
}

/** The pointer of argument `i` of a node. */
export function argPointer(node: LogicNode, i: number): string {
  return node.listed ? pointerOf(node.pointer, i) : node.pointer;
}

/** The path a `var` node reads, when it is a plain text. */
export function varPath(node: LogicNode): string | undefined {
  const path = node.args[0];
  return node.op === 'var' && typeof path === 'string' ? path : undefined;
}
