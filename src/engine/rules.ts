/**
 * Conditions are json-logic (https://jsonlogic.com), a well-known rule format, not a home-made one.
 */
import jsonLogic, { type RulesLogic } from 'json-logic-js';

/** Whether `rule` holds for `data` (json-logic truthiness: an empty list is false). */
export function holds(rule: RulesLogic, data: unknown): boolean {
  return jsonLogic.truthy(jsonLogic.apply(rule, data));
}

/** The value of a json-logic expression. */
export function evaluate(rule: RulesLogic, data: unknown): unknown {
  return jsonLogic.apply(rule, data);
}

/** The data paths a rule reads through `var` (e.g. ["answers.skinIssues"]). */
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
