/** The quiz skin age (spec §9), unrounded, from the flow's `quizSkinAge` computation and its tables. */
import { describe, expect, it } from 'vitest';
import type { ResultModel } from '../../../src/scoring/evaluate-computations.ts';
import { profile, skinModel, skinResult, tableOf } from '../../support/skin-scoring.ts';

const skinAge = (answers: Record<string, unknown>, model?: ResultModel) =>
  skinResult(answers, model ? { model } : {})['quizSkinAge'];

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
    expect(skinAge(profile({ age }))).toBeCloseTo(expected, 9);
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
    expect(skinAge(profile({ skinIssues: [issue] }))).toBeCloseTo(35 + points, 9);
  });
});

describe('skinAge: two or more main concerns +1', () => {
  it.each<[string[], number]>([
    [['fine-lines', 'spots'], 35 + 1.5 + 1 + 1],
    [['dryness', 'jowls', 'firmness-loss'], 35 + 9 + 1], // the bonus is once, not per concern
    [['multiple-concerns', 'spots'], 35 + 0 + 1 + 1], // multiple-concerns counts as main
    [['tired-appearance', 'fine-lines'], 35 + 1.5], // tired-appearance is not a main concern
  ])('%j → %d', (skinIssues, expected) => {
    expect(skinAge(profile({ skinIssues }))).toBeCloseTo(expected, 9);
  });
});

describe('skinAge: change speed', () => {
  it.each([
    ['6-12-months', 39],
    ['1-2-years', 37.5],
    ['3-plus-years', 36],
    ['no-significant', 34.5],
    ['overnight', 39], // "It felt like overnight": the fastest change, scored as the fastest (issue 33)
    ['unknown-value', 35],
  ])('%s → %d', (changeSpeed, expected) => {
    expect(skinAge(profile({ changeSpeed }))).toBeCloseTo(expected, 9);
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
  ])('%j → %d', (otherSymptoms, expected) => {
    expect(skinAge(profile({ otherSymptoms }))).toBeCloseTo(expected, 9);
  });

  it('counts the doctor-investigation answers, and a symptom chosen on both screens once', () => {
    const answers = {
      age: 35,
      otherSymptoms: ['hot-flashes'],
      drMorganAnswers: ['hot-flashes', 'energy-crashes'],
    };
    // 35 + 2.5 (hot flashes, once) + 1.2 (energy crashes)
    expect(skinAge(answers)).toBeCloseTo(38.7, 9);
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
    expect(skinAge(profile({ skinTreatments: [treatment] }))).toBeCloseTo(35 + points, 9);
  });

  it('adds each treatment', () => {
    expect(skinAge(profile({ skinTreatments: ['microneedling', 'retinols', 'peptides'] }))).toBeCloseTo(
      35 + 1.5 + 0.8 + 0.8,
      9,
    );
  });
});

describe('skinAge: HRT (no +2, past +1, yes −1, not asked 0)', () => {
  it.each<[string | null, number]>([
    ['no', 37],
    ['past', 36],
    ['yes', 34],
    [null, 35],
  ])('%s → %d', (hrt, expected) => {
    expect(skinAge(profile({ hrt }))).toBeCloseTo(expected, 9);
  });
});

describe('skinAge: never below age − 2', () => {
  // The shipped weights can lower the age by 1.5 at most, so the floor is shown with a harsher copy.
  const harsh = skinModel();
  tableOf(harsh, 'hrtYears')['yes'] = -5;

  it.each<[string | null, string | null, number]>([
    [null, null, 35],
    ['yes', null, 33], // 35 − 5 = 30 → floor 33
    ['yes', '3-plus-years', 33], // 35 − 4 = 31 → floor 33
    ['past', null, 36],
  ])('hrt %s, speed %s → %d', (hrt, changeSpeed, expected) => {
    expect(skinAge(profile({ hrt, changeSpeed }), harsh)).toBeCloseTo(expected, 9);
  });

  it('with the shipped weights the lowest quiz age is age − 1.5, above the floor', () => {
    expect(skinAge(profile({ hrt: 'yes', changeSpeed: 'no-significant' }))).toBeCloseTo(33.5, 9);
  });

  it('follows floorBelowAge', () => {
    tableOf(harsh, 'age')['floorBelowAge'] = 1;
    expect(skinAge(profile({ hrt: 'yes' }), harsh)).toBeCloseTo(34, 9);
  });
});
