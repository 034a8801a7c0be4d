/**
 * The comparison of two revisions (issue 44 point 5): a difference's credible interval and probability
 * follow the counts (a real change is found, no change is not called one, a small sample is wide), the
 * same on every run (seeded), and the traffic warning comes only when the mixes differ.
 */
import { describe, expect, it } from 'vitest';
import { compareRevisions, mixWarning, shareDifference, totalVariationDistance } from './revision-compare.ts';
import type { RevisionFigures } from './revision-figures.ts';

describe('shareDifference', () => {
  it('finds a real rise: the interval leaves out zero and the newer is better with high probability', () => {
    const d = shareDifference({ hits: 100, trials: 1000 }, { hits: 160, trials: 1000 });
    expect(d.difference).toBeCloseTo(0.06, 10);
    expect(d.low).toBeGreaterThan(0.02);
    expect(d.high).toBeLessThan(0.1);
    expect(d.probabilityBetter).toBeGreaterThan(0.99);
  });

  it('calls no change a coin toss, and a lower drop-off better when lower is better', () => {
    const same = shareDifference({ hits: 300, trials: 1000 }, { hits: 300, trials: 1000 });
    expect(same.low).toBeLessThan(0);
    expect(same.high).toBeGreaterThan(0);
    expect(same.probabilityBetter).toBeGreaterThan(0.4);
    expect(same.probabilityBetter).toBeLessThan(0.6);
    const fewerLeft = shareDifference({ hits: 300, trials: 1000 }, { hits: 200, trials: 1000 }, true);
    expect(fewerLeft.probabilityBetter).toBeGreaterThan(0.99);
  });

  it('is wide for a few sessions and the same on every run', () => {
    const small = shareDifference({ hits: 1, trials: 4 }, { hits: 2, trials: 4 });
    expect(small.high - small.low).toBeGreaterThan(0.6);
    expect(shareDifference({ hits: 1, trials: 4 }, { hits: 2, trials: 4 })).toEqual(small);
  });
});

describe('the traffic warning', () => {
  const mix = (revision: string, utmSource: Record<string, number>, language: Record<string, number>) => ({ revision, utmSource, language });

  it('measures the distance of two mixes', () => {
    expect(totalVariationDistance({ a: 5, b: 5 }, { a: 10, b: 10 })).toBe(0);
    expect(totalVariationDistance({ a: 10 }, { b: 3 })).toBe(1);
    expect(totalVariationDistance({ a: 8, b: 2 }, { a: 5, b: 5 })).toBeCloseTo(0.3, 10);
  });

  it('says in words when source or language differ, and points to experiments', () => {
    expect(mixWarning(mix('a', { meta: 50, google: 50 }, { en: 90, es: 10 }), mix('b', { meta: 52, google: 48 }, { en: 88, es: 12 }))).toBeNull();
    const warning = mixWarning(mix('a', { meta: 80, google: 20 }, { en: 90, es: 10 }), mix('b', { meta: 30, google: 70 }, { en: 90, es: 10 }));
    expect(warning).toMatch(/their traffic source mix \(google 20 % → 70 %\) differs by more than 10 %/);
    expect(warning).toMatch(/not an experiment/);
    expect(warning).toMatch(/run the change as an experiment/);
    expect(warning).not.toMatch(/language/);
    const both = mixWarning(mix('a', { meta: 80, google: 20 }, { en: 90, es: 10 }), mix('b', { meta: 30, google: 70 }, { en: 40, es: 60 }));
    expect(both).toMatch(/traffic source mix \(.*\) and language mix \(en 90 % → 40 %\) differ by more than 10 %/);
  });
});

describe('compareRevisions', () => {
  const figures = (revision: string, sessions: number, leads: number, reached: number[], continued: number[]): RevisionFigures => ({
    revision,
    firstDay: '2026-11-29',
    lastDay: '2026-11-29',
    sessions,
    leads,
    leadRate: leads / sessions,
    finalClicks: 0,
    successes: 0,
    mainPath: reached.map((n, i) => ({
      screen: `s${i}`,
      step: `step_${i}`,
      route: undefined,
      reached: n,
      continued: continued[i] ?? 0,
      dropOff: n === 0 ? 0 : 1 - (continued[i] ?? 0) / n,
    })),
  });

  it('puts each screen reached under either revision side by side, with the lead rate', () => {
    const older = figures('aaaaaaaaaaaa', 200, 20, [200, 150, 0], [150, 100, 0]);
    const newer = figures('bbbbbbbbbbbb', 200, 40, [200, 180, 0], [180, 150, 0]);
    const c = compareRevisions(older, newer);
    expect(c.screens.map((s) => [s.screen, s.older.reached, s.newer.reached])).toEqual([
      ['s0', 200, 200],
      ['s1', 150, 180],
    ]);
    expect(c.leadRate.older).toBe(0.1);
    expect(c.leadRate.newer).toBe(0.2);
    expect(c.leadRate.probabilityBetter).toBeGreaterThan(0.99);
    expect(c.screens[0]?.dropOff.probabilityBetter).toBeGreaterThan(0.99);
    expect(c.mixWarning).toBeNull();
  });
});
