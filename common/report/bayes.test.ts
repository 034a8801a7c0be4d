import { describe, expect, it } from 'vitest';
import { judgeArms } from './bayes.ts';
import { beta, seededRandom } from './seeded-random.ts';

describe('judgeArms', () => {
  it('gives the Beta posterior mean and a 95 % interval that holds it', () => {
    const random = seededRandom(1);
    const draws = Array.from({ length: 20_000 }, () => beta(random, 31, 71));
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    expect(mean).toBeCloseTo(31 / 102, 2);
    const { arms } = judgeArms([
      { arm: 'a', sessions: 100, goals: 30 },
      { arm: 'b', sessions: 100, goals: 30 },
    ]);
    // Beta(31, 71): 95 % interval ≈ [0.218, 0.397].
    expect(arms[0]?.low).toBeCloseTo(0.218, 1);
    expect(arms[0]?.high).toBeCloseTo(0.397, 1);
    expect(arms[0]?.probabilityBest).toBeGreaterThan(0.4);
    expect(arms[0]?.probabilityBest).toBeLessThan(0.6);
  });

  it('declares a clear winner and no winner on too few goal events', () => {
    const clear = judgeArms([
      { arm: 'control', sessions: 1000, goals: 100 },
      { arm: 'new', sessions: 1000, goals: 150 },
    ]);
    expect(clear.winner).toBe('new');
    expect(clear.arms[1]?.probabilityBest).toBeGreaterThan(0.99);
    const few = judgeArms([
      { arm: 'control', sessions: 20, goals: 2 },
      { arm: 'new', sessions: 20, goals: 9 },
    ]);
    expect(few.winner).toBeUndefined();
    expect(few.notEnoughData).toBe(
      'not enough data yet: control has 2, new has 9 of the 10 goal events each arm needs',
    );
  });

  it('gives each arm its risk: the expected loss of choosing it, near 0 for a clear winner', () => {
    const { arms } = judgeArms([
      { arm: 'control', sessions: 1000, goals: 100 },
      { arm: 'new', sessions: 1000, goals: 150 },
    ]);
    // Choosing control gives up about the difference of the posterior means (151/1002 - 101/1002).
    expect(arms[0]?.risk).toBeCloseTo(50 / 1002, 2);
    expect(arms[1]?.risk).toBeLessThan(0.0005);
  });

  it('is the same on every run (seeded)', () => {
    const arms = [
      { arm: 'a', sessions: 50, goals: 12 },
      { arm: 'b', sessions: 50, goals: 15 },
    ];
    expect(judgeArms(arms)).toEqual(judgeArms(arms));
  });
});
