/**
 * Sample-ratio mismatch (SRM), checked the way GrowthBook, Statsig and LaunchDarkly check it: a
 * chi-squared goodness-of-fit test of each arm's exposed sessions against the experiment's declared
 * weights, flagged at p < 0.001. A flagged experiment means broken assignment or lost tracking in an
 * arm, so every other figure of it is suspect and the report names no winner.
 */

/** SRM is flagged below this p-value. */
export const SRM_P_VALUE = 0.001;

export interface ArmRatio {
  arm: string;
  observed: number;
  expected: number;
}

export interface SampleRatio {
  arms: ArmRatio[];
  chiSquared: number;
  pValue: number;
  flagged: boolean;
}

/** ln Γ(x) by the Lanczos approximation (g = 7, 9 terms; ~15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0] ?? 0;
  for (let i = 1; i < 9; i++) sum += (c[i] ?? 0) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized upper incomplete gamma function Q(a, x) (Numerical Recipes' series and continued fraction). */
export function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * front;
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return front * h;
}

/** The chi-squared test of observed exposed sessions per arm against the declared weights. */
export function sampleRatio(arms: readonly { arm: string; observed: number; weight: number }[]): SampleRatio {
  const total = arms.reduce((sum, arm) => sum + arm.observed, 0);
  const weights = arms.reduce((sum, arm) => sum + arm.weight, 0);
  const rows = arms.map((arm) => ({
    arm: arm.arm,
    observed: arm.observed,
    expected: weights === 0 ? 0 : (total * arm.weight) / weights,
  }));
  const chiSquared = rows.reduce(
    (sum, row) => sum + (row.expected === 0 ? 0 : (row.observed - row.expected) ** 2 / row.expected),
    0,
  );
  const pValue = total === 0 || rows.length < 2 ? 1 : upperGamma((rows.length - 1) / 2, chiSquared / 2);
  return { arms: rows, chiSquared, pValue, flagged: pValue < SRM_P_VALUE };
}
