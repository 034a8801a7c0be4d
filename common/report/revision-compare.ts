/**
 * "What did my change do?" (issue 44 point 5): two revisions in sequence side by side. Each share (a
 * screen's reach, its drop-off, the lead rate) has a Beta(1 + hits, 1 + misses) posterior per revision,
 * as the experiments' arms have (bayes.ts); the difference newer − older comes with its 95 % credible
 * interval and the probability that the newer revision is better, by Monte Carlo from the posteriors
 * with a seeded generator (the same figures on every run). A before/after comparison is not an
 * experiment: when the two periods' traffic sources or languages differ, it says so in words.
 */
import { quantile } from './bayes.ts';
import { beta, seededRandom } from './seeded-random.ts';
import type { RevisionFigures, RevisionMix } from './revision-figures.ts';

/** A difference of two shares, newer − older. */
export interface ShareDifference {
  older: number;
  newer: number;
  difference: number;
  /** 95 % credible interval of the difference. */
  low: number;
  high: number;
  /** The probability that the newer revision's share is the better one (higher, or lower for drop-off). */
  probabilityBetter: number;
}

export interface ScreenComparison {
  screen: string;
  step: string;
  older: { reached: number; dropOff: number };
  newer: { reached: number; dropOff: number };
  /** Reach: the share of the revision's sessions that reached the screen (higher is better). */
  reach: ShareDifference;
  /** Drop-off: the share of those that reached it and went no further (lower is better). */
  dropOff: ShareDifference;
}

export interface RevisionComparison {
  older: RevisionFigures;
  newer: RevisionFigures;
  leadRate: ShareDifference;
  screens: ScreenComparison[];
  /** The traffic warning in words, or null when the two periods' mixes are alike. */
  mixWarning: string | null;
}

/** A mix differs when its total variation distance (half the summed share differences) exceeds this. */
export const MIX_DISTANCE_LIMIT = 0.1;
const DRAWS = 10_000;

/**
 * The difference of two shares `hits / trials` (newer − older) from their Beta posteriors;
 * `lowerIsBetter` for a share such as the drop-off.
 */
export function shareDifference(
  older: { hits: number; trials: number },
  newer: { hits: number; trials: number },
  lowerIsBetter = false,
  seed = 44,
): ShareDifference {
  const random = seededRandom(seed);
  const draw = (counts: { hits: number; trials: number }) =>
    beta(random, 1 + counts.hits, 1 + Math.max(0, counts.trials - counts.hits));
  const differences: number[] = [];
  let better = 0;
  for (let i = 0; i < DRAWS; i++) {
    const d = draw(newer) - draw(older);
    differences.push(d);
    if (lowerIsBetter ? d < 0 : d > 0) better += 1;
  }
  differences.sort((a, b) => a - b);
  const share = (counts: { hits: number; trials: number }) => (counts.trials === 0 ? 0 : counts.hits / counts.trials);
  return {
    older: share(older),
    newer: share(newer),
    difference: share(newer) - share(older),
    low: quantile(differences, 0.025),
    high: quantile(differences, 0.975),
    probabilityBetter: better / DRAWS,
  };
}

/** Half the summed absolute differences of two distributions' shares (0: the same mix; 1: disjoint). */
export function totalVariationDistance(a: Record<string, number>, b: Record<string, number>): number {
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
  const [na, nb] = [total(a), total(b)];
  if (na === 0 || nb === 0) return 0;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let sum = 0;
  for (const key of keys) sum += Math.abs((a[key] ?? 0) / na - (b[key] ?? 0) / nb);
  return sum / 2;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;

/** The largest shift of one value's share between the mixes, in words ("google 20 % → 70 %"). */
function largestShift(a: Record<string, number>, b: Record<string, number>): string {
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0) || 1;
  const [na, nb] = [total(a), total(b)];
  const shifts = [...new Set([...Object.keys(a), ...Object.keys(b)])].map((key) => ({
    key,
    from: (a[key] ?? 0) / na,
    to: (b[key] ?? 0) / nb,
  }));
  // Rounded first, so equal shifts (up to float noise) tie and are named in alphabetical order.
  const size = (shift: { from: number; to: number }) => Math.round(Math.abs(shift.to - shift.from) * 1e9);
  shifts.sort((x, y) => size(y) - size(x) || x.key.localeCompare(y.key));
  const top = shifts[0];
  return top ? `${top.key} ${pct(top.from)} → ${pct(top.to)}` : '';
}

/** The honest warning when the two periods' traffic differs, or null. */
export function mixWarning(older: RevisionMix | undefined, newer: RevisionMix | undefined): string | null {
  if (!older || !newer) return null;
  const differing = [
    { name: 'traffic source', a: older.utmSource, b: newer.utmSource },
    { name: 'language', a: older.language, b: newer.language },
  ].filter((mix) => totalVariationDistance(mix.a, mix.b) > MIX_DISTANCE_LIMIT);
  if (differing.length === 0) return null;
  const what = differing.map((mix) => `${mix.name} mix (${largestShift(mix.a, mix.b)})`).join(' and ');
  return (
    `The two periods had different visitors: their ${what} differ${differing.length === 1 ? 's' : ''} by more than ${pct(MIX_DISTANCE_LIMIT)}. ` +
    'A before/after comparison is not an experiment: part or all of a difference may come from who visited, ' +
    'not from the change. For a causal answer, run the change as an experiment (flow "experiments"), ' +
    'which shows both versions to the same traffic at the same time.'
  );
}

/** The two revisions side by side: lead rate and each main-path screen that either reached. */
export function compareRevisions(
  older: RevisionFigures,
  newer: RevisionFigures,
  mixes: readonly RevisionMix[] = [],
): RevisionComparison {
  const screens = older.mainPath.flatMap((before, index): ScreenComparison[] => {
    const after = newer.mainPath[index];
    if (!after || (before.reached === 0 && after.reached === 0)) return [];
    return [
      {
        screen: before.screen,
        step: before.step,
        older: { reached: before.reached, dropOff: before.dropOff },
        newer: { reached: after.reached, dropOff: after.dropOff },
        reach: shareDifference(
          { hits: before.reached, trials: older.sessions },
          { hits: after.reached, trials: newer.sessions },
          false,
          44 + index,
        ),
        dropOff: shareDifference(
          { hits: before.reached - before.continued, trials: before.reached },
          { hits: after.reached - after.continued, trials: after.reached },
          true,
          4400 + index,
        ),
      },
    ];
  });
  return {
    older,
    newer,
    leadRate: shareDifference(
      { hits: older.leads, trials: older.sessions },
      { hits: newer.leads, trials: newer.sessions },
    ),
    screens,
    mixWarning: mixWarning(
      mixes.find((mix) => mix.revision === older.revision),
      mixes.find((mix) => mix.revision === newer.revision),
    ),
  };
}
