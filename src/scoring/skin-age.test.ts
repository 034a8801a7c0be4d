import { describe, expect, it } from 'vitest';
import { readAnswers } from './read-answers.ts';
import { scoringFixture } from './scoring-fixture.ts';
import { skinAge } from './skin-age.ts';
import { testProfile } from './test-profile.ts';

const scoring = scoringFixture();

describe('skinAge: age points (0.1 per year above 35; 45–54 +1, 55+ +2, not both)', () => {
  it.each([
    [34, 34], // below the base age: no per-year points, never negative ones
    [35, 35],
    [36, 36.1],
    [44, 44.9],
    [45, 47], // 45 + 1.0 + tier 1
    [54, 56.9], // 54 + 1.9 + tier 1
    [55, 59], // 55 + 2.0 + tier 2 (not 1 + 2)
    [65, 70], // 65 + 3.0 + tier 2
  ])('age %i → %d', (age, expected) => {
    expect(skinAge(testProfile({ age }), scoring)).toBeCloseTo(expected, 9);
  });
});

describe('skinAge: each skin-issue weight alone (one main concern: no bonus)', () => {
  it.each([
    ['fine-lines', 1.5],
    ['firmness-loss', 3],
    ['dryness', 3],
    ['jowls', 3],
    ['spots', 1],
    ['texture', 3],
    ['tired-appearance', 0],
    ['multiple-concerns', 0],
    ['not-an-option', 0],
  ])('%s adds %d', (issue, points) => {
    expect(skinAge(testProfile({ skinIssues: [issue] }), scoring)).toBeCloseTo(35 + points, 9);
  });
});

describe('skinAge: two or more main concerns +1', () => {
  it.each<[string[], number]>([
    [['fine-lines', 'spots'], 35 + 1.5 + 1 + 1],
    [['dryness', 'jowls', 'firmness-loss'], 35 + 9 + 1], // the bonus is once, not per concern
    [['multiple-concerns', 'spots'], 35 + 0 + 1 + 1], // multiple-concerns counts as main
    [['tired-appearance', 'fine-lines'], 35 + 1.5], // tired-appearance is not a main concern
  ])('%j → %d', (skinIssues, expected) => {
    expect(skinAge(testProfile({ skinIssues }), scoring)).toBeCloseTo(expected, 9);
  });
});

describe('skinAge: change speed', () => {
  it.each([
    ['6-12-months', 39],
    ['1-2-years', 37.5],
    ['3-plus-years', 36],
    ['no-significant', 34.5],
    ['unknown-value', 35],
  ])('%s → %d', (changeSpeed, expected) => {
    expect(skinAge(testProfile({ changeSpeed }), scoring)).toBeCloseTo(expected, 9);
  });
});

describe('skinAge: symptoms (hot flashes 2.5, poor sleep 2, each other 1.2, none 0)', () => {
  it.each<[string[], number]>([
    [['hot-flashes'], 37.5],
    [['poor-sleep'], 37],
    [['weight-gain'], 36.2],
    [['fatigue'], 36.2],
    [['irritability'], 36.2],
    [['mood-changes'], 36.2],
    [['energy-crashes'], 36.2],
    [['none'], 35],
    [['none', 'fatigue'], 36.2],
    [['weight-gain', 'fatigue', 'irritability'], 38.6],
  ])('%j → %d', (symptoms, expected) => {
    expect(skinAge(testProfile({ symptoms }), scoring)).toBeCloseTo(expected, 9);
  });

  it('counts the doctor-investigation answers, and a symptom chosen on both screens once', () => {
    const answers = {
      age: 35,
      otherSymptoms: ['hot-flashes'],
      drMorganAnswers: ['hot-flashes', 'energy-crashes'],
    };
    // 35 + 2.5 (hot flashes, once) + 1.2 (energy crashes)
    expect(skinAge(readAnswers(answers, scoring, 50), scoring)).toBeCloseTo(38.7, 9);
  });
});

describe('skinAge: treatments (clinical 1.5 each, products 0.8 each)', () => {
  it.each([
    ['in-clinic', 1.5],
    ['chemical-peels', 1.5],
    ['microneedling', 1.5],
    ['led-therapy', 1.5],
    ['retinols', 0.8],
    ['vitamin-c', 0.8],
    ['peptides', 0.8],
    ['hyaluronic-acid', 0.8],
    ['moisturizers', 0.8],
    ['serums', 0.8],
  ])('%s adds %d', (treatment, points) => {
    expect(skinAge(testProfile({ skinTreatments: [treatment] }), scoring)).toBeCloseTo(35 + points, 9);
  });

  it('adds each treatment', () => {
    expect(
      skinAge(testProfile({ skinTreatments: ['microneedling', 'retinols', 'peptides'] }), scoring),
    ).toBeCloseTo(35 + 1.5 + 0.8 + 0.8, 9);
  });
});

describe('skinAge: HRT (no +2, past +1, yes −1, not asked 0)', () => {
  it.each<[string | null, number]>([
    ['no', 37],
    ['past', 36],
    ['yes', 34],
    [null, 35],
  ])('%s → %d', (hrt, expected) => {
    expect(skinAge(testProfile({ hrt }), scoring)).toBeCloseTo(expected, 9);
  });
});

describe('skinAge: never below age − 2', () => {
  // The default weights can lower the age by 1.5 at most, so the floor is shown with a harsher copy.
  const harsh = scoringFixture();
  harsh.hrt['yes'] = -5;

  it.each<[string | null, string | null, number]>([
    [null, null, 35],
    ['yes', null, 33], // 35 − 5 = 30 → floor 33
    ['yes', '3-plus-years', 33], // 35 − 4 = 31 → floor 33
    ['past', null, 36],
  ])('hrt %s, speed %s → %d', (hrt, changeSpeed, expected) => {
    expect(skinAge(testProfile({ hrt, changeSpeed }), harsh)).toBeCloseTo(expected, 9);
  });

  it('with default weights the lowest quiz age is age − 1.5, above the floor', () => {
    expect(skinAge(testProfile({ hrt: 'yes', changeSpeed: 'no-significant' }), scoring)).toBeCloseTo(33.5, 9);
  });

  it('follows floorBelowAge', () => {
    harsh.age.floorBelowAge = 1;
    expect(skinAge(testProfile({ hrt: 'yes' }), harsh)).toBeCloseTo(34, 9);
  });
});
