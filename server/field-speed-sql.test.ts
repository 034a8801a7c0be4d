/**
 * Migration 20261129005000_field_speed.sql: public.track_field_speed keeps one web-vitals reading per
 * event and counts it into the per-day histogram with the same buckets and ratings as
 * common/field-speed/field-speed-buckets.ts; every bad field is refused by name (22023).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, ratingOf, type FieldMetric } from '../common/field-speed/field-speed-buckets.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import { failure, sqlKit, type Args } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { rpc, read, asRole } = sqlKit(() => db);

const reading = (extra: Args = {}): Args => ({
  event_id: randomUUID(),
  session_id: randomUUID(),
  screen: 'quiz-age',
  metric: 'INP',
  value: 180,
  device: 'mobile',
  connection: '4g',
  flow_id: 'field-speed-sql',
  language: 'en',
  revision: 'abcdef012345',
  ...extra,
});

interface DailyRow {
  screen: string;
  metric: string;
  device: string;
  connection: string;
  bucket: number;
  rating: string;
  readings: string;
}

describe('track_field_speed', () => {
  it('keeps a reading once and counts it into the bucket and rating the browser-side code gives', async () => {
    const cases: [FieldMetric, number][] = [
      ['LCP', 3120.5],
      ['INP', 1040],
      ['CLS', 0.07],
      ['CLS', 0],
    ];
    for (const [metric, value] of cases) {
      const one = reading({
        metric,
        value,
        screen: `screen-${metric.toLowerCase()}-${String(value).replace('.', '-')}`,
      });
      await rpc('track_field_speed', one);
      await rpc('track_field_speed', one);
      const rows = await read<DailyRow>(
        `select * from funnel_report.field_speed_daily where flow_id = 'field-speed-sql' and screen = $1`,
        [one.screen],
      );
      expect(rows.map((row) => ({ ...row, readings: Number(row.readings) }))).toEqual([
        expect.objectContaining({
          metric,
          device: 'mobile',
          connection: '4g',
          bucket: bucketOf(metric, value),
          rating: ratingOf(metric, value),
          readings: 1,
        }),
      ]);
    }
    const kept = await read<{ n: string }>(
      `select count(*) as n from funnel_private.field_readings where flow_id = 'field-speed-sql'`,
    );
    expect(Number(kept[0]?.n)).toBe(cases.length);
  });

  it('adds readings of the same screen, metric, device and bucket, and a missing connection is "unknown"', async () => {
    await rpc('track_field_speed', reading({ screen: 'twice', connection: undefined }));
    await rpc('track_field_speed', reading({ screen: 'twice', connection: undefined }));
    const rows = await read<DailyRow>(
      `select * from funnel_report.field_speed_daily where flow_id = 'field-speed-sql' and screen = 'twice'`,
    );
    expect(rows.map((row) => [row.connection, Number(row.readings)])).toEqual([['unknown', 2]]);
  });

  it.each([
    ['event_id', { event_id: 'not-a-uuid' }],
    ['session_id', { session_id: null }],
    ['screen', { screen: 'Bad Screen!' }],
    ['metric', { metric: 'FID' }],
    ['value', { value: -1 }],
    ['value', { value: '180' }],
    ['value', { metric: 'CLS', value: 101 }],
    ['value', { value: 600_001 }],
    ['device', { device: 'watch' }],
    ['connection', { connection: '5g' }],
    ['flow_id', { flow_id: 'Bad Flow' }],
    ['language', { language: 'not a tag' }],
    ['revision', { revision: 'XYZ' }],
  ])('refuses a bad %s by name (22023)', async (field, bad) => {
    const error = await failure(rpc('track_field_speed', reading(bad)));
    expect(error.code).toBe('22023');
    expect(error.detail).toBe(field);
  });

  it('gives anon no read of the readings or the aggregate', async () => {
    for (const table of ['funnel_private.field_readings', 'funnel_report.field_speed_daily']) {
      const error = await failure(asRole('anon', `select * from ${table}`));
      expect(error.code).toBe('42501');
    }
  });
});
