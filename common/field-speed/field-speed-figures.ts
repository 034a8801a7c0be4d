/**
 * The report's field speed figures: per screen, metric, device and connection, the p75 read back from
 * the per-day histogram (funnel_report.field_speed_daily, migration 20261129005000_field_speed.sql) and
 * the share of readings rated good, needing improvement or poor. Plain SQL: PGlite and PostgreSQL alike.
 */
import type { Query } from '../report/query.ts';
import {
  bucketP75,
  fieldMetrics,
  ratingShares,
  type FieldMetric,
  type FieldRating,
} from './field-speed-buckets.ts';

/** One row of figures; `device` and `connection` are 'all' for the screen's total. */
export interface FieldSpeedFigure {
  readonly screen: string;
  readonly metric: FieldMetric;
  readonly device: string;
  readonly connection: string;
  readonly readings: number;
  readonly p75: number | null;
  readonly shares: Record<FieldRating, number>;
}

interface Row {
  screen: string;
  metric: string;
  device: string;
  connection: string;
  bucket: number;
  rating: string;
  readings: number;
}

const rowOf = (row: Record<string, unknown>): Row => ({
  screen: String(row['screen']),
  metric: String(row['metric']),
  device: String(row['device']),
  connection: String(row['connection']),
  bucket: Number(row['bucket']),
  rating: String(row['rating']),
  readings: Number(row['readings']),
});

interface Group {
  buckets: Map<number, number>;
  ratings: Record<FieldRating, number>;
}

const isMetric = (value: string): value is FieldMetric => fieldMetrics.some((metric) => metric === value);
const isRating = (value: string): value is FieldRating =>
  value === 'good' || value === 'needs-improvement' || value === 'poor';

/** Reads the figures of one flow for the days from `from` up to but not including `to` (YYYY-MM-DD). */
export async function readFieldSpeed(
  query: Query,
  flowId: string,
  from = '1970-01-01',
  to = '9999-12-31',
): Promise<FieldSpeedFigure[]> {
  const raw = await query(
    `select screen, metric, device, connection, bucket, rating, sum(readings) as readings
       from funnel_report.field_speed_daily
      where flow_id = $1 and day >= $2::date and day < $3::date
      group by screen, metric, device, connection, bucket, rating`,
    [flowId, from, to],
  );
  const rows = raw.map(rowOf);
  const groups = new Map<
    string,
    { key: Omit<FieldSpeedFigure, 'readings' | 'p75' | 'shares'>; group: Group }
  >();
  const add = (screen: string, metric: FieldMetric, device: string, connection: string, row: Row): void => {
    const id = JSON.stringify([screen, metric, device, connection]);
    let entry = groups.get(id);
    if (!entry) {
      entry = {
        key: { screen, metric, device, connection },
        group: { buckets: new Map(), ratings: { good: 0, 'needs-improvement': 0, poor: 0 } },
      };
      groups.set(id, entry);
    }
    const count = Number(row.readings);
    entry.group.buckets.set(row.bucket, (entry.group.buckets.get(row.bucket) ?? 0) + count);
    if (isRating(row.rating)) entry.group.ratings[row.rating] += count;
  };
  for (const row of rows) {
    if (!isMetric(row.metric)) continue;
    add(row.screen, row.metric, 'all', 'all', row);
    add(row.screen, row.metric, row.device, 'all', row);
    add(row.screen, row.metric, 'all', row.connection, row);
  }
  return [...groups.values()]
    .map(({ key, group }) => ({
      ...key,
      readings: group.ratings.good + group.ratings['needs-improvement'] + group.ratings.poor,
      p75: bucketP75(key.metric, group.buckets),
      shares: ratingShares(group.ratings),
    }))
    .sort((a, b) =>
      [a.screen, a.metric, a.device, a.connection].join('\u0000') <
      [b.screen, b.metric, b.device, b.connection].join('\u0000')
        ? -1
        : 1,
    );
}
