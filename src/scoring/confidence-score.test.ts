import { describe, expect, it } from 'vitest';
import { confidenceScore } from './confidence-score.ts';
import { scoringFixture } from './scoring-fixture.ts';
import { testProfile } from './test-profile.ts';
import type { QuizProfile } from './read-answers.ts';

const scoring = scoringFixture();
const FAILING = "My old routine used to work, but it's failing now";
const TRIED = "I've tried everything—and nothing makes a difference";

describe('confidenceScore: each coefficient (base 20)', () => {
  it.each<[string, Partial<QuizProfile>, number, number]>([
    ['nothing', {}, 0, 20],
    ['gap 10 (+1.5 per year)', {}, 10, 35],
    ['gap −2', {}, -2, 17],
    ['one symptom (+4)', { symptoms: ['fatigue'] }, 0, 24],
    ['two symptoms', { symptoms: ['hot-flashes', 'poor-sleep'] }, 0, 28],
    ["'none' is no symptom", { symptoms: ['none'] }, 0, 20],
    ['speed 6-12-months (+8)', { changeSpeed: '6-12-months' }, 0, 28],
    ['speed 1-2-years (+4)', { changeSpeed: '1-2-years' }, 0, 24],
    ['speed 3-plus-years (+1)', { changeSpeed: '3-plus-years' }, 0, 21],
    ['speed no-significant (−5)', { changeSpeed: 'no-significant' }, 0, 15],
    ['hrt no (+3)', { hrt: 'no' }, 0, 23],
    ['hrt past (+1)', { hrt: 'past' }, 0, 21],
    ['hrt yes (−5)', { hrt: 'yes' }, 0, 15],
    ['routine failing (+5)', { antiAgingExperience: [FAILING] }, 0, 25],
    ['tried everything (+5)', { antiAgingExperience: [TRIED] }, 0, 25],
    ['both experiences', { antiAgingExperience: [FAILING, TRIED] }, 0, 30],
    ['another experience (0)', { antiAgingExperience: ["I don't use anything right now"] }, 0, 20],
    ['rounds to an integer', {}, 0.3, 20], // 20.45
    ['rounds half up', {}, 1, 22], // 21.5
  ])('%s → %i', (_name, changes, gap, expected) => {
    expect(confidenceScore(testProfile(changes), gap, scoring)).toBe(expected);
  });
});

describe('confidenceScore: clamped 10..95', () => {
  const low = testProfile({ changeSpeed: 'no-significant', hrt: 'yes' });
  it.each<[string, QuizProfile, number, number]>([
    ['exactly 10', low, 0, 10], // 20 − 5 − 5
    ['below 10 → 10', low, -2, 10], // 7
    ['exactly 95', testProfile(), 50, 95], // 20 + 75
    ['above 95 → 95', testProfile(), 50.7, 95], // 96.05
    ['far above', testProfile({ symptoms: ['a', 'b', 'c'] }), 60, 95],
  ])('%s', (_name, profile, gap, expected) => {
    expect(confidenceScore(profile, gap, scoring)).toBe(expected);
  });

  it('the clamp comes from the config', () => {
    const copy = scoringFixture();
    copy.confidence.max = 90;
    copy.confidence.min = 12;
    expect(confidenceScore(testProfile(), 50, copy)).toBe(90);
    expect(confidenceScore(low, 0, copy)).toBe(12);
  });
});
