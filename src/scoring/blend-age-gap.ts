import type { Scoring } from '../engine/flow.gen.ts';

/**
 * The final age gap: the quiz gap alone, or, when a photo result exists,
 * `photoBlend.quiz` × quiz gap + `photoBlend.photo` × photo gap (spec: 60 % / 40 %).
 */
export function blendAgeGap(quizGap: number, photoGap: number | null, scoring: Scoring): number {
  if (photoGap === null) return quizGap;
  return scoring.photoBlend.quiz * quizGap + scoring.photoBlend.photo * photoGap;
}
