/**
 * The skin funnel's computed result from the flow file's scoring section. The engine only knows "a
 * function from answers and data to a result"; this is where the product's formula plugs in.
 */
import type { Scoring } from '../engine/flow.gen.ts';
import type { VisitorSnapshot } from '../engine/ports.ts';
import type { DeriveResult } from '../engine/scope.ts';
import { computeResult } from '../scoring/compute-result.ts';
import { fallbackAssessment } from '../scoring/fallback-assessment.ts';

export interface ResultCode {
  derive: DeriveResult;
  /** The assessment estimated from the answers alone (when photo analysis fails). */
  fallback: (visitor: VisitorSnapshot) => Record<string, unknown>;
}

export function resultCodeFor(scoring: Scoring | null | undefined): ResultCode {
  if (!scoring) return { derive: () => ({}), fallback: () => ({}) };
  return {
    derive: (answers, data) => computeResult(answers, data.assessmentData, scoring),
    fallback: (visitor) => ({ ...fallbackAssessment(visitor.answers, scoring, crypto.randomUUID()) }),
  };
}
