/**
 * An experiment's arms judged the Bayesian way (as Heyflow does): each arm's conversion rate has a
 * Beta(1 + conversions, 1 + misses) posterior (a uniform prior); the report shows its mean, its 95 %
 * credible interval and the probability that the arm is the best, by Monte Carlo from the posteriors
 * with a seeded generator (the same figures on every run).
 */
import { beta, seededRandom } from './seeded-random.ts';

/** Below this many goal events in any arm the report says "not enough data yet" instead of a winner. */
export const MIN_GOALS_PER_ARM = 10;
/** A winner is declared at this probability of being best. */
export const WIN_PROBABILITY = 0.9;

export interface ArmCounts {
  arm: string;
  /** Exposed sessions. */
  sessions: number;
  /** Sessions that reached the goal. */
  goals: number;
}

export interface ArmVerdict extends ArmCounts {
  rate: number;
  /** 95 % credible interval of the rate (2.5 % and 97.5 % posterior quantiles). */
  low: number;
  high: number;
  probabilityBest: number;
  /** Expected loss (GrowthBook's "risk"): the conversion rate given up, on average, by choosing this arm. */
  risk: number;
}

export interface ExperimentVerdict {
  arms: ArmVerdict[];
  /** The arm at WIN_PROBABILITY or more, when every arm has enough data. */
  winner: string | undefined;
  /** Why there is no verdict yet, when there isn't. */
  notEnoughData: string | undefined;
}

/** The `q` quantile (0..1) of sorted draws, interpolated between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const lower = sorted[low] ?? 0;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] ?? lower;
  return lower + (upper - lower) * (at - low);
}

/** What the draws of each arm's posterior say: its 95 % interval, P(best) and expected loss ("risk"). */
export interface DrawSummary {
  low: number;
  high: number;
  probabilityBest: number;
  risk: number;
}

/** Summarises `draws` Monte Carlo samples per arm (one array each): who is best in each draw, and by how much. */
export function summarizeDraws(samples: readonly (readonly number[])[], draws: number): DrawSummary[] {
  const wins = samples.map(() => 0);
  const loss = samples.map(() => 0);
  for (let i = 0; i < draws; i++) {
    let best = 0;
    samples.forEach((draw, a) => {
      if ((draw[i] ?? 0) > (samples[best]?.[i] ?? 0)) best = a;
    });
    wins[best] = (wins[best] ?? 0) + 1;
    const top = samples[best]?.[i] ?? 0;
    samples.forEach((draw, a) => (loss[a] = (loss[a] ?? 0) + top - (draw[i] ?? 0)));
  }
  return samples.map((draw, a) => {
    const sorted = [...draw].sort((x, y) => x - y);
    return {
      low: quantile(sorted, 0.025),
      high: quantile(sorted, 0.975),
      probabilityBest: (wins[a] ?? 0) / draws,
      risk: (loss[a] ?? 0) / draws,
    };
  });
}

/** The verdict over the arms, from `draws` Monte Carlo samples of each posterior. */
export function judgeArms(arms: readonly ArmCounts[], draws = 20_000, seed = 15): ExperimentVerdict {
  const random = seededRandom(seed);
  const samples = arms.map((arm) => {
    const misses = Math.max(0, arm.sessions - arm.goals);
    return Array.from({ length: draws }, () => beta(random, 1 + arm.goals, 1 + misses));
  });
  const summaries = summarizeDraws(samples, draws);
  const verdicts = arms.map((arm, a) => ({
    ...arm,
    rate: arm.sessions === 0 ? 0 : arm.goals / arm.sessions,
    ...summaries[a]!,
  }));
  const short = verdicts.filter((arm) => arm.goals < MIN_GOALS_PER_ARM);
  const notEnoughData =
    short.length > 0
      ? `not enough data yet: ${short.map((arm) => `${arm.arm} has ${arm.goals}`).join(', ')} of the ${MIN_GOALS_PER_ARM} goal events each arm needs`
      : undefined;
  const leader = verdicts.find((arm) => arm.probabilityBest >= WIN_PROBABILITY);
  return { arms: verdicts, winner: notEnoughData === undefined ? leader?.arm : undefined, notEnoughData };
}
