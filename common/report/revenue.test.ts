/**
 * Money in the report (issue 45): the demo's simulated purchases, read back through the per-day revenue
 * aggregate, by arm and by source, with the truth lines; and the Intl formatting per currency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { demoDatabase } from './demo-database.ts';
import { readFigures, type FunnelFigures } from './read-figures.ts';
import { money, revenueLines, type RevenueFigures } from './revenue.ts';
import { terminalReport } from './terminal-report.ts';

const flow = loadFlow();
let figures: FunnelFigures;
let revenue: RevenueFigures;
let rows: (sql: string) => Promise<Record<string, unknown>[]>;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await demoDatabase(flow);
  close = () => db.close();
  rows = async (sql) => (await db.query<Record<string, unknown>>(sql)).rows;
  figures = await readFigures(async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, flow);
  if (!figures.revenue) throw new Error('the report read no revenue');
  revenue = figures.revenue;
}, 180_000);
afterAll(() => close?.());

describe('revenue in the demo report', () => {
  it('adds up to what was stored: totals, per source, per arm, matched and unmatched', async () => {
    const [stored] = await rows(
      `select (count(*) filter (where kind = 'purchase' and session_id is not null))::integer as purchases,
              (sum(amount_minor) filter (where session_id is not null))::integer as net,
              (count(*) filter (where kind = 'purchase'))::integer as all_purchases,
              (count(*) filter (where kind = 'purchase' and session_id is null))::integer as unmatched
       from public.purchases`,
    );
    expect(Number(stored?.['purchases'])).toBeGreaterThan(100);
    expect(revenue.total).toEqual([expect.objectContaining({ currency: 'USD', purchases: stored?.['purchases'], net: stored?.['net'] })]);
    const total = revenue.total[0];
    expect(total?.perVisitor).toBeCloseTo((total?.net ?? 0) / figures.overall.sessions, 6);
    for (const dimension of ['utm_source', 'arm'] as const) {
      const by = revenue.by.find((b) => b.dimension === dimension)?.rows ?? [];
      expect(by.length).toBeGreaterThan(1);
      expect(by.reduce((sum, r) => sum + r.net, 0)).toBe(stored?.['net']);
      for (const r of by) expect(r.perVisitor).toBeCloseTo(r.net / r.sessions, 6);
    }
    expect(revenue.truth).toMatchObject({ purchases: stored?.['all_purchases'] });
    expect(revenue.truth.purchases - revenue.truth.matched).toBe(stored?.['unmatched']);
    expect(Number(stored?.['unmatched'])).toBeGreaterThan(0);
  });

  it('shows the control arm earning more per visitor although it collects fewer leads', () => {
    const arms = revenue.by.find((b) => b.dimension === 'arm')?.rows ?? [];
    const control = arms.find((r) => r.value === 'cliff-headline:control');
    const tipping = arms.find((r) => r.value === 'cliff-headline:tipping-point');
    expect(control && tipping && control.perVisitor > tipping.perVisitor).toBe(true);
    const leadArms = figures.experiments[0]?.arms ?? [];
    const rate = (arm: string) => {
      const a = leadArms.find((x) => x.arm === arm);
      return (a?.leads ?? 0) / (a?.sessions ?? 1);
    };
    expect(rate('control')).toBeLessThan(rate('tipping-point'));
  });

  it('prints revenue per visitor by arm and by source, and what is not known', () => {
    const text = terminalReport(figures).join('\n');
    expect(text).toMatch(/by source +sessions +purchases +net revenue +per visitor +AOV/);
    expect(text).toMatch(/cliff-headline:control +\d+ +\d+ +\$[\d,]+\.\d\d +\$\d+\.\d{4} +\$[\d,]+\.\d\d/);
    expect(text).toMatch(/facebook +2000 /);
    expect(text).toMatch(/\d+ of \d+ purchases \(\d+ %\) matched to a visit; unmatched: \$[\d,.]+/);
    expect(text).toContain('Revenue arrives later than leads: the newest purchase came in');
    expect(text).toContain('stays unmatched');
  });
});

describe('money', () => {
  it('formats minor units in the currency’s own digits, never summing currencies', () => {
    expect(money(123456, 'USD')).toBe('$1,234.56');
    expect(money(1235, 'JPY')).toBe('¥1,235');
    expect(money(1234, 'KWD').replace(/\s/gu, ' ')).toBe('KWD 1.234');
    const lines = revenueLines({
      total: [
        { value: '', currency: 'EUR', sessions: 10, purchases: 1, refunds: 0, gross: 1000, net: 1000, perVisitor: 100, averageOrder: 1000 },
        { value: '', currency: 'USD', sessions: 10, purchases: 2, refunds: 0, gross: 3000, net: 3000, perVisitor: 300, averageOrder: 1500 },
      ],
      by: [],
      truth: { purchases: 3, matched: 3, unmatchedNet: [], newestAt: '2026-11-29T00:00:00Z' },
    }, new Date('2026-11-29T03:00:00Z'));
    expect(lines.filter((l) => l.startsWith('all (EUR)') || l.startsWith('all (USD)'))).toHaveLength(2);
    expect(lines.join('\n')).toContain('€10.00');
    expect(lines.join('\n')).toContain('$30.00');
    expect(lines.join('\n')).toContain('came in 3 h ago');
  });
});
