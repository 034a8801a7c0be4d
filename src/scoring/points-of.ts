import type { ScoringPoints } from '../engine/flow.gen.ts';

/** The points of one answer value; a value the table does not list (or no value) scores 0. */
export function pointsOf(points: ScoringPoints, value: string | null): number {
  if (value === null || !Object.hasOwn(points, value)) return 0;
  return points[value] ?? 0;
}
