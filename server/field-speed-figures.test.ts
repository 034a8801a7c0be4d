/**
 * The report's field speed figures read back from the per-day histogram: per screen, the p75 is within
 * 5 % of the exact p75 of the readings sent, and the good / needs-improvement / poor shares are exact,
 * split by device and by connection.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactP75, ratingOf, type FieldMetric } from '../common/field-speed/field-speed-buckets.ts';
import { readFieldSpeed } from '../common/field-speed/field-speed-figures.ts';
import { normal, seededRandom } from '../common/report/seeded-random.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';
import { sqlKit } from './sql-test-kit.ts';

let db: SqlDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});

const { rpc } = sqlKit(() => db);

interface Sent {
  screen: string;
  metric: FieldMetric;
  device: string;
  value: number;
}

describe('field speed figures', () => {
  it('gives each screen its p75 within 5 % and exact shares, in all and per device', async () => {
    const random = seededRandom(46);
    const sent: Sent[] = [];
    const medians: Record<string, Record<FieldMetric, number>> = {
      fast: { LCP: 1500, INP: 80, CLS: 0.01 },
      slow: { LCP: 3500, INP: 900, CLS: 0.2 },
    };
    for (const [screen, byMetric] of Object.entries(medians)) {
      for (const metric of ['LCP', 'INP', 'CLS'] as const) {
        for (let i = 0; i < 120; i += 1) {
          const device = random() < 0.6 ? 'mobile' : 'desktop';
          const value = Number(
            (byMetric[metric] * Math.exp(normal(random) * 0.5)).toFixed(metric === 'CLS' ? 4 : 1),
          );
          sent.push({ screen, metric, device, value });
        }
      }
    }
    for (const { screen, metric, device, value } of sent) {
      await rpc('track_field_speed', {
        event_id: randomUUID(),
        session_id: randomUUID(),
        screen,
        metric,
        value,
        device,
        connection: '4g',
        flow_id: 'field-speed-figures',
      });
    }
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const figures = await readFieldSpeed(
      async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      'field-speed-figures',
      today,
      tomorrow,
    );
    let checked = 0;
    for (const figure of figures) {
      if (figure.connection !== 'all') continue;
      const mine = sent.filter(
        (one) =>
          one.screen === figure.screen &&
          one.metric === figure.metric &&
          (figure.device === 'all' || one.device === figure.device),
      );
      const exact = exactP75(mine.map((one) => one.value));
      if (exact === null || figure.p75 === null)
        throw new Error(`no p75 for ${figure.screen} ${figure.metric}`);
      expect(figure.readings).toBe(mine.length);
      expect(Math.abs(figure.p75 - exact) / exact).toBeLessThanOrEqual(0.05);
      const poor = mine.filter((one) => ratingOf(one.metric, one.value) === 'poor').length;
      expect(figure.shares.poor).toBeCloseTo(poor / mine.length, 10);
      checked += 1;
    }
    expect(checked).toBe(2 * 3 * 3);
    const slowInp = figures.find(
      (f) => f.screen === 'slow' && f.metric === 'INP' && f.device === 'all' && f.connection === 'all',
    );
    const fastInp = figures.find(
      (f) => f.screen === 'fast' && f.metric === 'INP' && f.device === 'all' && f.connection === 'all',
    );
    expect(slowInp?.shares.poor).toBeGreaterThan(0.5);
    expect(fastInp?.shares.good).toBeGreaterThan(0.8);
  }, 120_000);
});
