/**
 * An experiment with `"goal": "revenue"` (issue 45) on the real migrations, PGlite and PostgreSQL: the
 * demo's seeded visits and purchases, where the "control" arm collects fewer leads but its leads buy
 * more. The revenue goal picks control on revenue per visitor, while the same arms judged on leads pick
 * the other; a lead-goal experiment gets no revenue verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoVisits } from '../common/report/demo-database.ts';
import { insertDemoPurchases } from '../common/report/demo-purchases.ts';
import { readFigures, type FunnelFigures } from '../common/report/read-figures.ts';
import { terminalReport } from '../common/report/terminal-report.ts';
import type { Flow } from '../src/engine/flow.gen.ts';
import { loadFlow } from '../tests/support/load-flow.ts';
import type { SqlDatabase } from './sql-database.ts';
import { openTestDatabase } from './test-database.ts';

const shipped = loadFlow();
const withGoal = (goal: 'revenue' | 'lead'): Flow => ({
  ...shipped,
  experiments: (shipped.experiments ?? []).map((experiment) => ({ ...experiment, goal })) as Flow['experiments'],
});
let db: SqlDatabase;
let revenue: FunnelFigures;
let leads: FunnelFigures;

beforeAll(async () => {
  db = await openTestDatabase();
  await insertDemoVisits(db, shipped);
  await insertDemoPurchases(db, 2026);
  await db.query(`select funnel_report.refresh('2100-01-01')`);
  const query = async (sql: string, params: unknown[]) => (await db.query<Record<string, unknown>>(sql, params)).rows;
  revenue = await readFigures(query, withGoal('revenue'));
  leads = await readFigures(query, withGoal('lead'));
}, 240_000);
afterAll(async () => {
  await db?.close();
});

describe('an experiment decided in money', () => {
  it('picks the arm with the higher revenue per visitor although its lead rate is lower', () => {
    const [experiment] = revenue.experiments;
    const verdict = experiment?.revenueVerdict;
    expect(verdict?.currency).toBe('USD');
    const arm = (name: string) => verdict?.arms.find((a) => a.arm === name);
    expect((arm('control')?.perVisitor ?? 0) > (arm('tipping-point')?.perVisitor ?? 0)).toBe(true);
    expect(verdict?.winner).toBe('control');
    expect(arm('control')?.probabilityBest).toBeGreaterThan(0.9);
    // Its risk is money per visitor given up, small for the winner, larger for the other.
    expect(arm('control')?.risk ?? 1).toBeLessThan(arm('tipping-point')?.risk ?? 0);
    for (const a of verdict?.arms ?? []) {
      expect(a.low).toBeLessThan(a.perVisitor);
      expect(a.high).toBeGreaterThan(a.perVisitor);
    }
    expect(experiment?.sampleRatio.flagged).toBe(false);
    // The same arms judged on leads: the other arm wins.
    expect(leads.experiments[0]?.verdict.winner).toBe('tipping-point');
    expect(leads.experiments[0]?.revenueVerdict).toBeUndefined();
  });

  it('prints the arms in money with the method and the sample-ratio check', () => {
    const text = terminalReport(revenue).join('\n');
    expect(text).toContain('(goal: revenue per visitor;');
    expect(text).toMatch(/control +\d+ +\d+ +\$\d+\.\d{4} +\$\d+\.\d{4} – \$\d+\.\d{4} +\d+\.\d % +\$\d+\.\d{4}/);
    expect(text).toContain('→ winner on revenue per visitor: control');
    expect(text).toContain('Stucchio');
    expect(text).toMatch(/sample ratio ok/);
  });
});
