import { describe, expect, it } from 'vitest';
import { blendAgeGap } from './blend-age-gap.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();

describe('blendAgeGap: 60 % quiz, 40 % photo', () => {
  it.each<[number, number | null, number]>([
    [10, null, 10], // no photo: the quiz gap
    [10, 0, 6],
    [0, 10, 4],
    [5, 10, 7], // 3 + 4
    [8, -5, 2.8], // 4.8 − 2
  ])('quiz %d, photo %s → %d', (quiz, photo, expected) => {
    expect(blendAgeGap(quiz, photo, scoring)).toBeCloseTo(expected, 9);
  });

  it('reads its weights from the config', () => {
    const copy = scoringFixture();
    copy.photoBlend = { quiz: 0.5, photo: 0.5 };
    expect(blendAgeGap(5, 10, copy)).toBeCloseTo(7.5, 9);
  });
});
