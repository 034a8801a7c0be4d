/**
 * The visitors' field speed per screen in the studio's report (GET /api/report, server/studio-report.ts):
 * every field checked by name; a malformed entry is left out rather than shown wrong. The server words
 * the figures (p75 text, what a metric measures): the studio's page loads no module of common/.
 */
import type { FieldMetric, FieldRating } from '../../common/field-speed/field-speed-buckets.ts';

export interface FieldLine {
  readings: number;
  p75: number | null;
  p75Text: string;
  rating: FieldRating | null;
  shares: Record<FieldRating, number>;
}

export interface FieldMetricSpeed extends FieldLine {
  metric: FieldMetric;
  /** What it measures and its thresholds, in words. */
  about: string;
  /** Per device class and per connection, as labeled lines. */
  split: (FieldLine & { label: string })[];
}

/** Per screen id: its metrics with readings, in the order LCP, INP, CLS. */
export type FieldSpeedMap = ReadonlyMap<string, readonly FieldMetricSpeed[]>;

const METRICS: readonly FieldMetric[] = ['LCP', 'INP', 'CLS'];
const RATINGS: readonly FieldRating[] = ['good', 'needs-improvement', 'poor'];

const share = (value: unknown): number => (typeof value === 'number' && value >= 0 && value <= 1 ? value : 0);
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

function lineOf(value: unknown): FieldLine | null {
  if (!isObject(value)) return null;
  const readings: unknown = Reflect.get(value, 'readings');
  const p75: unknown = Reflect.get(value, 'p75');
  const rating: unknown = Reflect.get(value, 'rating');
  const shares: unknown = Reflect.get(value, 'shares');
  const p75Text: unknown = Reflect.get(value, 'p75Text');
  if (typeof p75Text !== 'string' || p75Text.length > 20) return null;
  if (typeof readings !== 'number' || !Number.isInteger(readings) || readings < 0) return null;
  if (p75 !== null && (typeof p75 !== 'number' || !Number.isFinite(p75))) return null;
  const known = RATINGS.find((r) => r === rating);
  if (rating !== null && known === undefined) return null;
  if (!isObject(shares)) return null;
  return {
    readings,
    p75: p75 as number | null,
    p75Text,
    rating: known ?? null,
    shares: { good: share(Reflect.get(shares, 'good')), 'needs-improvement': share(Reflect.get(shares, 'needs-improvement')), poor: share(Reflect.get(shares, 'poor')) },
  };
}

function splitOf(value: unknown, key: 'device' | 'connection'): (FieldLine & { label: string })[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const line = lineOf(entry);
    const label: unknown = isObject(entry) ? Reflect.get(entry, key) : undefined;
    if (line === null || typeof label !== 'string' || !/^[a-z0-9-]{1,20}$/.test(label)) return [];
    return [{ ...line, label: key === 'connection' ? `connection ${label}` : label }];
  });
}

/** The report body's `fieldSpeed`, checked. */
export function fieldSpeedOf(body: object): FieldSpeedMap {
  const raw: unknown = Reflect.get(body, 'fieldSpeed');
  const screens = new Map<string, FieldMetricSpeed[]>();
  if (!isObject(raw)) return screens;
  for (const [id, value] of Object.entries(raw)) {
    if (!isObject(value)) continue;
    const metrics = METRICS.flatMap((metric) => {
      const entry: unknown = Reflect.get(value, metric);
      const line = lineOf(entry);
      const about: unknown = isObject(entry) ? Reflect.get(entry, 'about') : undefined;
      if (line === null || !isObject(entry) || typeof about !== 'string' || about.length > 200) return [];
      return [{ ...line, metric, about, split: [...splitOf(Reflect.get(entry, 'devices'), 'device'), ...splitOf(Reflect.get(entry, 'connections'), 'connection')] }];
    });
    if (metrics.length > 0) screens.set(id, metrics);
  }
  return screens;
}
