/**
 * `npm run report -- --demo` recovers what was simulated: every well-visited screen's drop-off within a
 * tolerance of its stated rate (per variant too, on the screen the experiment changes), and the variant
 * that truly converts better as the winner at the stated probability of being best.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFlow } from '../../tests/support/load-flow.ts';
import { WIN_PROBABILITY } from './bayes.ts';
import { demoDatabase } from './demo-database.ts';
import { transitions } from '../../src/engine/validation/graph-check.ts';
import { clicksFinal, DEMO_BROKEN_PLAN, DEMO_PLAN } from './demo-visits.ts';
import { terminalReport } from './terminal-report.ts';
import { readFigures, type FunnelFigures } from './read-figures.ts';

const flow = loadFlow();
const TOLERANCE = 0.035;
let figures: FunnelFigures;
let close: () => Promise<void>;

beforeAll(async () => {
  const db = await demoDatabase(flow);
  close = () => db.close();
  figures = await readFigures(
    async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    flow,
  );
}, 180_000);
afterAll(() => close?.());

/** Screens the report counts as continued by the final click (the click's screen, and the screens before it). */
const finalScreens = new Set(
  Object.entries(flow.screens)
    .filter(
      ([id, screen]) =>
        clicksFinal(screen) ||
        transitions(id, screen).some((t) => flow.screens[t.to] && clicksFinal(flow.screens[t.to]!)),
    )
    .map(([id]) => id),
);
const stated = (screen: string) => DEMO_PLAN.dropOffByScreen[screen] ?? DEMO_PLAN.dropOff;

describe('the seeded demo report', () => {
  it('recovers the stated drop-off of every screen visited by 300 sessions or more', () => {
    const experiment = figures.experiments[0];
    if (!experiment) throw new Error('the flow declares no experiment');
    const changed = 'cliff-education';
    const checked: string[] = [];
    for (const arm of experiment.arms) {
      for (const screen of [...arm.mainPath, ...arm.deepLinks]) {
        if (screen.reached < 300) continue;
        // A final screen continues by the final click, which counts only after a saved lead: deep-link
        // visitors who left none drop there, so its drop-off is at least the stated one.
        if (finalScreens.has(screen.screen)) {
          expect(screen.dropOff).toBeGreaterThanOrEqual(stated(screen.screen) - TOLERANCE);
          continue;
        }
        const expected =
          screen.screen === changed ? DEMO_PLAN.dropOffByVariant[arm.arm] : stated(screen.screen);
        const error = Math.abs(screen.dropOff - (expected ?? Number.NaN));
        expect(
          error,
          `${arm.arm}/${screen.screen}: ${screen.dropOff} vs stated ${expected}`,
        ).toBeLessThanOrEqual(TOLERANCE);
        checked.push(`${arm.arm}/${screen.screen}`);
      }
    }
    expect(checked).toContain(`control/${changed}`);
    expect(checked).toContain(`tipping-point/${changed}`);
    expect(checked.length).toBeGreaterThan(20);
  });

  it('recovers the median time on screen', () => {
    for (const screen of figures.overall.mainPath.filter((s) => s.reached >= 300))
      expect(screen.medianSeconds).toBeCloseTo(DEMO_PLAN.medianSeconds, 0);
  });

  it('names the variant that truly converts better as the winner, at the stated probability', () => {
    const [experiment] = figures.experiments;
    expect(experiment?.sampleRatio.flagged).toBe(false);
    expect(experiment?.multipleExposures).toBe(0);
    expect(experiment?.verdict.notEnoughData).toBeUndefined();
    expect(experiment?.verdict.winner).toBe('tipping-point');
    const best = experiment?.verdict.arms.find((arm) => arm.arm === 'tipping-point');
    expect(best?.probabilityBest).toBeGreaterThanOrEqual(WIN_PROBABILITY);
    const control = experiment?.verdict.arms.find((arm) => arm.arm === 'control');
    expect(control?.high).toBeLessThan(best?.high ?? 0);
  });
});

describe('the demo run with a broken arm', () => {
  it('flags the sample-ratio mismatch with observed and expected counts, and names no winner', async () => {
    const db = await demoDatabase(flow, DEMO_BROKEN_PLAN);
    try {
      const broken = await readFigures(
        async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
        flow,
      );
      const [experiment] = broken.experiments;
      expect(experiment?.sampleRatio.flagged).toBe(true);
      const lossy = experiment?.sampleRatio.arms.find((arm) => arm.arm === 'tipping-point');
      expect(lossy?.observed).toBeLessThan((lossy?.expected ?? 0) * 0.9);
      expect(experiment?.verdict.winner).toBeUndefined();
      const text = terminalReport(broken).join('\n');
      expect(text).toMatch(
        /⚠ SAMPLE-RATIO MISMATCH: control \d+ \(expected \d+\), tipping-point \d+ \(expected \d+\)/,
      );
      expect(text).toContain('→ no winner: the sample-ratio mismatch');
      expect(text).not.toContain('→ winner:');
      expect(text).toMatch(/P\(best\)\s+risk/);
      const devices = broken.segments.find((segment) => segment.dimension === 'device');
      expect(devices?.rows.map((row) => row.value).sort()).toEqual(['desktop', 'phone', 'tablet']);
      expect(text).toMatch(/By utm_source\s+sessions\s+leads\s+lead rate/);
      expect(text).toMatch(/\nfacebook\s+\d+\s+\d+\s+[\d.]+ %/);
      // Rows are ordered by sessions; visits without a campaign, "(none)", may come first.
      expect(text).toMatch(/\nBy utm_campaign[^\n]*\n[^\n]*\n(?:\(none\)[^\n]*\n)?(spring-launch|retargeting|brand)\s+\d+/);
      expect(text).toMatch(/\nphone\s+\d+/);
    } finally {
      await db.close();
    }
  }, 180_000);
});
