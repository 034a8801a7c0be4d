/**
 * Field speed readings (LCP, INP, CLS) as per-day histogram buckets: log-spaced buckets 4 % wide, so
 * the p75 read back from the buckets is within 2 % of the exact p75 (half a bucket), well inside the 5 %
 * the report promises. The Core Web Vitals thresholds rate each reading good, needs improvement or poor;
 * the rating is kept beside the bucket, so the shares are exact even where a bucket straddles a threshold.
 */

/** The metrics measured in the field. */
export const fieldMetrics = ['LCP', 'INP', 'CLS'] as const;
export type FieldMetric = (typeof fieldMetrics)[number];

/** The published Core Web Vitals ratings. */
export const fieldRatings = ['good', 'needs-improvement', 'poor'] as const;
export type FieldRating = (typeof fieldRatings)[number];

interface MetricScale {
  /** Readings at or below this go to bucket 0, read back as 0. */
  readonly floor: number;
  /** The largest reading accepted. */
  readonly max: number;
  /** Good up to and including this value. */
  readonly good: number;
  /** Poor above this value. */
  readonly poor: number;
}

/** LCP and INP in milliseconds, CLS unitless; thresholds from web.dev/articles/vitals. */
export const metricScales = {
  LCP: { floor: 1, max: 600_000, good: 2500, poor: 4000 },
  INP: { floor: 1, max: 600_000, good: 200, poor: 500 },
  CLS: { floor: 0.0001, max: 100, good: 0.1, poor: 0.25 },
} as const satisfies Record<FieldMetric, MetricScale>;

/** Each bucket's upper edge is this many times its lower edge. */
export const bucketGrowth = 1.04;
const logGrowth = Math.log(bucketGrowth);

/** The bucket a reading falls in: 0 at or below the floor, then 1, 2, … on a log scale. */
export function bucketOf(metric: FieldMetric, value: number): number {
  const { floor } = metricScales[metric];
  if (!(value > floor)) return 0;
  return 1 + Math.floor(Math.log(value / floor) / logGrowth);
}

/** The value a bucket stands for: the geometric middle of its edges (0 for bucket 0). */
export function bucketValue(metric: FieldMetric, bucket: number): number {
  if (bucket <= 0) return 0;
  return metricScales[metric].floor * Math.pow(bucketGrowth, bucket - 0.5);
}

/** The Core Web Vitals rating of one reading. */
export function ratingOf(metric: FieldMetric, value: number): FieldRating {
  const { good, poor } = metricScales[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Counts per bucket and per rating. */
export interface FieldHistogram {
  readonly buckets: ReadonlyMap<number, number>;
  readonly ratings: Readonly<Record<FieldRating, number>>;
}

/** Buckets a list of readings of one metric. */
export function histogramOf(metric: FieldMetric, values: readonly number[]): FieldHistogram {
  const buckets = new Map<number, number>();
  const ratings: Record<FieldRating, number> = { good: 0, 'needs-improvement': 0, poor: 0 };
  for (const value of values) {
    const bucket = bucketOf(metric, value);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    ratings[ratingOf(metric, value)] += 1;
  }
  return { buckets, ratings };
}

/** The nearest-rank p75 of exact readings (the reading three quarters of the way up), or null. */
export function exactP75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

/** The nearest-rank p75 read back from buckets, or null when there are none. */
export function bucketP75(metric: FieldMetric, buckets: ReadonlyMap<number, number>): number | null {
  const ordered = [...buckets.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = ordered.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  let seen = 0;
  for (const [bucket, count] of ordered) {
    seen += count;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return null;
}

/** The share of readings in each rating, 0 to 1 (all 0 when there are none). */
export function ratingShares(ratings: Readonly<Record<FieldRating, number>>): Record<FieldRating, number> {
  const total = ratings.good + ratings['needs-improvement'] + ratings.poor;
  if (total === 0) return { good: 0, 'needs-improvement': 0, poor: 0 };
  return {
    good: ratings.good / total,
    'needs-improvement': ratings['needs-improvement'] / total,
    poor: ratings.poor / total,
  };
}
