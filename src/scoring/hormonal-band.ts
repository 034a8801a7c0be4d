import type { Scoring } from '../engine/flow.gen.ts';

/**
 * The hormonal probability label and comment of a score: the first of `hormonal.bands` (highest first)
 * whose `min` the score reaches, else `hormonal.otherwise`.
 */
export function hormonalBand(score: number, scoring: Scoring): { label: string; comment: string } {
  const band = scoring.hormonal.bands.find((b) => score >= b.min) ?? scoring.hormonal.otherwise;
  return { label: band.label, comment: band.comment };
}
