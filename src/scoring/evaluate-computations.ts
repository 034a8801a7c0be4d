/**
 * The generic evaluator of a flow's computations: each named json-logic expression, in the order the
 * flow declares them, over { answers, data, settings, tables, result }, where `result` holds the
 * computations evaluated so far. A dotted name ("overview.volume") builds a nested value. No formula
 * lives here: the flow file holds every one.
 */
import type { Flow } from '../engine/flow.gen.ts';
import { evaluate } from '../engine/rules.ts';

/** What a flow's result needs: its computations and the tables they read. */
export type ResultModel = Pick<Flow, 'computations' | 'tables' | 'analyses'>;

/** What the computations read besides their own results. */
export interface ComputationInput {
  answers: unknown;
  data: unknown;
  settings?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `value` at a dotted path of `target`, creating the objects on the way. */
function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  const last = parts.pop() ?? name;
  let node = target;
  for (const part of parts) {
    const next = Object.hasOwn(node, part) ? node[part] : undefined;
    const child: Record<string, unknown> = isRecord(next) ? next : {};
    node[part] = child;
    node = child;
  }
  node[last] = value;
}

/**
 * Evaluates every computation of `model` in order and returns the result object. A computation that
 * throws (a corrupt stored value an operation can't take) is left out with a console warning naming
 * it, never the visitor's values; the ones after it still run.
 */
export function evaluateComputations(model: ResultModel, input: ComputationInput): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const scope = {
    answers: input.answers ?? {},
    data: input.data ?? {},
    settings: input.settings ?? {},
    tables: model.tables ?? {},
    result,
  };
  for (const [name, expression] of Object.entries(model.computations ?? {})) {
    try {
      setPath(result, name, evaluate(expression, scope));
    } catch (cause) {
      console.warn(`computation "${name}" failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }
  return result;
}
