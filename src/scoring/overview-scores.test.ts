import { describe, expect, it } from 'vitest';
import { overviewScores } from './overview-scores.ts';
import { scoringFixture } from './scoring-fixture.ts';
import { testProfile } from './test-profile.ts';

const scoring = scoringFixture();

describe('overviewScores', () => {
  it('out of 10 with one decimal', () => {
    // 9.5 − 0.03×10 − 0.12×3 = 8.84; volume −1 (firmness) 7.84; elasticity −1.5 7.34;
    // texture −1 (dryness) 7.84; complexion −0.5 (dryness) 8.34
    const profile = testProfile({ age: 45, skinIssues: ['firmness-loss', 'dryness'] });
    expect(overviewScores(profile, 3, scoring)).toEqual({
      volume: 7.8,
      elasticity: 7.3,
      texture: 7.8,
      complexion: 8.3,
    });
  });

  it('clamped to 1..10', () => {
    expect(overviewScores(testProfile(), 80, scoring)).toEqual({
      volume: 1,
      elasticity: 1,
      texture: 1,
      complexion: 1,
    });
    const copy = scoringFixture();
    copy.overview.volume.start = 11;
    expect(overviewScores(testProfile(), 0, copy).volume).toBe(10);
  });
});
