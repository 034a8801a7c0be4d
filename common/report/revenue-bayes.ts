/**
 * An experiment with `"goal": "revenue"` (issue 45 point 5): arms compared on revenue per visitor.
 *
 * Revenue per visitor is mostly zeros with a few skewed order values, so a normal approximation or a
 * plain rate test misleads. The model is the one of Chris Stucchio, "Bayesian A/B Testing at VWO"
 * (VWO whitepaper, 2015, section "Revenue"): whether a visitor buys is Bernoulli with rate λ, posterior
 * Beta(1 + buyers, 1 + visitors − buyers); an order's value is exponential with rate θ, posterior
 * Gamma(1 + buyers, 1 + total order value) (a conjugate prior); revenue per visitor is λ / θ. The
 * report draws both posteriors by Monte Carlo (seeded: the same figures every run) and gives each arm's
 * mean, a 95 % credible interval, P(best) and the expected loss ("risk") per visitor, in money.
 */
import { beta, gamma, seededRandom } from './seeded-random.ts';
import { MIN_GOALS_PER_ARM, summarizeDraws, WIN_PROBABILITY } from './bayes.ts';
import { perVisitorMoney, type RevenueFigures } from './revenue.ts';

export interface RevenueArm {
  arm: string;
  /** The arm's sessions. */
  sessions: number;
  /** Purchases (buyers) and their value net of refunds, minor units. */
  purchases: number;
  net: number;
}

export interface RevenueArmVerdict extends RevenueArm {
  /** Observed revenue per visitor, minor units. */
  perVisitor: number;
  low: number;
  high: number;
  probabilityBest: number;
  /** Expected revenue per visitor given up by choosing this arm, minor units. */
  risk: number;
}

export interface RevenueVerdict {
  currency: string;
  arms: RevenueArmVerdict[];
  winner: string | undefined;
  notEnoughData: string | undefined;
  /** Other currencies seen in the experiment's purchases, judged on none (currencies are never summed). */
  otherCurrencies: string[];
}

export const REVENUE_METHOD =
  'revenue per visitor = purchase rate × mean order value; Beta(1 + buyers, 1 + non-buyers) × 1 / Gamma(1 + buyers, 1 + order total) posteriors (Stucchio, "Bayesian A/B Testing at VWO", 2015)';

export function judgeRevenue(
  arms: readonly RevenueArm[],
  currency: string,
  otherCurrencies: string[] = [],
  draws = 20_000,
  seed = 45,
): RevenueVerdict {
  const random = seededRandom(seed);
  const samples = arms.map((arm) => {
    const buyers = Math.min(arm.purchases, arm.sessions);
    const total = Math.max(0, arm.net);
    return Array.from({ length: draws }, () => {
      const rate = beta(random, 1 + buyers, 1 + arm.sessions - buyers);
      // θ ~ Gamma(1 + buyers, rate 1 + total): a Gamma(shape, 1) draw divided by the rate.
      const theta = gamma(random, 1 + buyers) / (1 + total);
      return rate / theta;
    });
  });
  const summaries = summarizeDraws(samples, draws);
  const verdicts = arms.map((arm, a) => ({
    ...arm,
    perVisitor: arm.sessions === 0 ? 0 : arm.net / arm.sessions,
    ...summaries[a]!,
  }));
  const short = verdicts.filter((arm) => arm.purchases < MIN_GOALS_PER_ARM);
  const notEnoughData =
    short.length > 0
      ? `not enough data yet: ${short.map((arm) => `${arm.arm} has ${arm.purchases}`).join(', ')} of the ${MIN_GOALS_PER_ARM} purchases each arm needs`
      : undefined;
  const leader = verdicts.find((arm) => arm.probabilityBest >= WIN_PROBABILITY);
  return { currency, arms: verdicts, winner: notEnoughData === undefined ? leader?.arm : undefined, notEnoughData, otherCurrencies };
}

/** The verdict of one experiment from the revenue figures: its arms' sessions, purchases and net in its main currency. */
export function experimentRevenue(
  experimentId: string,
  arms: readonly { arm: string; sessions: number }[],
  revenue: RevenueFigures,
): RevenueVerdict {
  const rows = (revenue.by.find((b) => b.dimension === 'arm')?.rows ?? []).filter((r) => r.value.startsWith(`${experimentId}:`));
  const byCurrency = new Map<string, number>();
  for (const r of rows) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.purchases);
  const currencies = [...byCurrency.entries()].sort((a, b) => b[1] - a[1]).map(([currency]) => currency);
  const currency = currencies[0] ?? 'USD';
  return judgeRevenue(
    arms.map(({ arm, sessions }) => {
      const row = rows.find((r) => r.value === `${experimentId}:${arm}` && r.currency === currency);
      return { arm, sessions, purchases: row?.purchases ?? 0, net: row?.net ?? 0 };
    }),
    currency,
    currencies.slice(1),
  );
}

/** The arms' table in money. */
export function revenueVerdictLines(verdict: RevenueVerdict): string[] {
  const m = (minor: number) => perVisitorMoney(minor, verdict.currency);
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
  const head = `${'arm'.padEnd(16)}  ${'sessions'.padStart(8)}  ${'purchases'.padStart(9)}  ${'per visitor'.padStart(11)}  ${'95 % credible interval'.padStart(24)}  ${'P(best)'.padStart(7)}  ${'risk/visitor'.padStart(12)}`;
  return [
    head,
    '─'.repeat(head.length),
    ...verdict.arms.map(
      (arm) =>
        `${arm.arm.padEnd(16)}  ${String(arm.sessions).padStart(8)}  ${String(arm.purchases).padStart(9)}  ${m(arm.perVisitor).padStart(11)}  ${`${m(arm.low)} – ${m(arm.high)}`.padStart(24)}  ${pct(arm.probabilityBest).padStart(7)}  ${m(arm.risk).padStart(12)}`,
    ),
    ...(verdict.otherCurrencies.length > 0
      ? [`(judged in ${verdict.currency}; purchases in ${verdict.otherCurrencies.join(', ')} are not converted or summed)`]
      : []),
  ];
}
