/**
 * Rounds to `decimals` places, after removing binary floating-point noise (0.1 × 3 = 0.30000000000000004),
 * so that a sum that is 2 on paper is 2 in a comparison and 1.45 rounds to 1.5.
 */
export function round(value: number, decimals: number): number {
  const clean = Number(value.toPrecision(12));
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(clean) * factor) / factor;
  return clean < 0 ? -rounded : rounded;
}
