/**
 * Conditions are json-logic (https://jsonlogic.com), a well-known rule format, not a home-made one,
 * with the operations of logic-operations.ts (prototype-safe `var`, a few registered ones).
 */
import { logic as jsonLogic } from './logic-operations.ts';

/** Whether `rule` holds for `data` (json-logic truthiness: an empty list is false). */
export function holds(rule: unknown, data: unknown): boolean {
  if (typeof rule === 'boolean') return rule;
  return jsonLogic.is_logic(rule) ? jsonLogic.truthy(jsonLogic.apply(rule, data)) : jsonLogic.truthy(rule);
}

/**
 * The value of a json-logic expression; a plain value (not logic) is its own value, and a list is the
 * list of its items' values.
 */
export function evaluate(expression: unknown, data: unknown): unknown {
  if (Array.isArray(expression)) return expression.map((item) => evaluate(item, data));
  return jsonLogic.is_logic(expression) ? jsonLogic.apply(expression, data) : expression;
}

/** The data paths a rule reads through `var` (e.g. ["answers.colors"]). */
export function ruleVars(rule: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node)) {
      if (op === 'var') {
        const path: unknown = Array.isArray(args) ? args[0] : args;
        if (typeof path === 'string' && path !== '') found.push(path);
        else walk(path);
      } else {
        walk(args);
      }
    }
  };
  walk(rule);
  return found;
}
