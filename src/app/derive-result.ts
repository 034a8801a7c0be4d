/**
 * The computed result from the flow's own computations. The engine only knows "a function from answers
 * and data to a result"; the formula is data in the flow file, evaluated by the generic evaluator.
 */
import type { Flow } from '../engine/flow.gen.ts';
import type { VisitorSnapshot } from '../engine/ports.ts';
import { formatPlaceholder } from '../engine/number-format.ts';
import type { DeriveResult } from '../engine/scope.ts';
import { installNumberFormats } from '../engine/template.ts';
import { evaluateComputations, type ResultModel } from '../scoring/evaluate-computations.ts';
import { answersOnlyAssessment } from '../scoring/photo-assessment.ts';

export interface ResultCode {
  /** The result in the flow file's own language: what routes, stored values and the lead use. */
  derive: DeriveResult;
  /** The result with the visit's language's table texts, for what the visitor reads (absent: `derive`). */
  display?: DeriveResult;
  /** The assessment estimated from the answers alone (when photo analysis fails). */
  fallback: (visitor: VisitorSnapshot) => Record<string, unknown>;
}

export function resultCodeFor(
  model: ResultModel | null | undefined,
  settings?: Flow['settings'],
  shown?: ResultModel,
): ResultCode {
  // The number formats of copy (`{result.saving:currency}`) come with the result code, off the
  // visitor's first load (template.ts).
  installNumberFormats(formatPlaceholder);
  if (!model?.computations) return { derive: () => ({}), fallback: () => ({}) };
  return {
    derive: (answers, data) => evaluateComputations(model, { answers, data, settings }),
    ...(shown === undefined
      ? {}
      : { display: (answers, data) => evaluateComputations(shown, { answers, data, settings }) }),
    fallback: (visitor) =>
      answersOnlyAssessment(model, { answers: visitor.answers, data: {}, settings }, crypto.randomUUID()) ??
      {},
  };
}
