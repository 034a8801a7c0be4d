import { describe, expect, it } from 'vitest';
import { seededRandom, normal } from '../report/seeded-random';
import {
  bucketOf,
  bucketP75,
  bucketValue,
  exactP75,
  fieldMetrics,
  histogramOf,
  metricScales,
  ratingOf,
  ratingShares,
  type FieldMetric,
} from './field-speed-buckets';

/** Log-normal readings around a median, with some zeros for CLS (most screens never shift). */
function readings(metric: FieldMetric, seed: number, count: number): number[] {
  const random = seededRandom(seed);
  const median = { LCP: 2200, INP: 180, CLS: 0.05 }[metric];
  return Array.from({ length: count }, () => {
    if (metric === 'CLS' && random() < 0.3) return 0;
    return Math.min(metricScales[metric].max, median * Math.exp(normal(random) * (0.3 + random())));
  });
}

describe('field speed buckets', () => {
  it('reads the p75 back from the buckets within 5 % of the exact p75, on random data', () => {
    for (const metric of fieldMetrics) {
      for (let seed = 1; seed <= 40; seed += 1) {
        const values = readings(metric, seed * 7919, 5 + ((seed * 37) % 3000));
        const exact = exactP75(values);
        const fromBuckets = bucketP75(metric, histogramOf(metric, values).buckets);
        if (exact === null || fromBuckets === null) throw new Error('no p75 from readings');
        if (exact <= metricScales[metric].floor) expect(fromBuckets).toBe(0);
        else expect(Math.abs(fromBuckets - exact) / exact).toBeLessThanOrEqual(0.05);
      }
    }
  });

  it('keeps every bucket narrower than 5 % and puts each value inside its bucket', () => {
    const random = seededRandom(12345);
    for (const metric of fieldMetrics) {
      for (let i = 0; i < 2000; i += 1) {
        const value = metricScales[metric].floor * Math.exp(random() * 20);
        const bucket = bucketOf(metric, value);
        const middle = bucketValue(metric, bucket);
        expect(Math.abs(middle - value) / value).toBeLessThan(0.025);
      }
    }
  });

  it('rates readings by the Core Web Vitals thresholds, the threshold itself counting as the better side', () => {
    expect(ratingOf('LCP', 2500)).toBe('good');
    expect(ratingOf('LCP', 2501)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4000)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4001)).toBe('poor');
    expect(ratingOf('INP', 200)).toBe('good');
    expect(ratingOf('INP', 500)).toBe('needs-improvement');
    expect(ratingOf('INP', 1000)).toBe('poor');
    expect(ratingOf('CLS', 0.1)).toBe('good');
    expect(ratingOf('CLS', 0.2)).toBe('needs-improvement');
    expect(ratingOf('CLS', 0.26)).toBe('poor');
  });

  it('counts shares exactly even where a bucket straddles a threshold', () => {
    const histogram = histogramOf('INP', [199, 200, 201, 499, 501, 1200, 40, 0]);
    expect(histogram.ratings).toEqual({ good: 4, 'needs-improvement': 2, poor: 2 });
    expect(ratingShares(histogram.ratings)).toEqual({ good: 0.5, 'needs-improvement': 0.25, poor: 0.25 });
    expect(ratingShares({ good: 0, 'needs-improvement': 0, poor: 0 })).toEqual({
      good: 0,
      'needs-improvement': 0,
      poor: 0,
    });
    expect(bucketP75('INP', new Map())).toBeNull();
    expect(exactP75([])).toBeNull();
  });
});
