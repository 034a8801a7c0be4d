import { describe, expect, it } from 'vitest';
import { readAnswers } from './read-answers.ts';
import { scoringFixture } from './scoring-fixture.ts';

const scoring = scoringFixture();

describe('readAnswers: corrupt or missing answers are absent, never an error', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'quizData'],
    ['an array', [1, 2]],
    ['an empty object', {}],
  ])('%s → an empty profile with the fallback age', (_name, answers) => {
    expect(readAnswers(answers, scoring, 50)).toEqual({
      age: 50,
      skinIssues: [],
      changeSpeed: null,
      symptoms: [],
      skinTreatments: [],
      hrt: null,
      antiAgingExperience: [],
      email: '',
    });
  });

  it('drops wrongly typed values and duplicates', () => {
    const profile = readAnswers(
      {
        age: '45',
        skinIssues: 'dryness',
        changeSpeed: ['6-12-months'],
        otherSymptoms: ['hot-flashes', 3, null, 'hot-flashes', ''],
        drMorganAnswers: { 0: 'poor-sleep' },
        skinTreatments: ['retinols', 'retinols'],
        hrt: 1,
        email: 7,
      },
      scoring,
      50,
    );
    expect(profile).toMatchObject({
      age: 50,
      skinIssues: [],
      changeSpeed: null,
      symptoms: ['hot-flashes'],
      skinTreatments: ['retinols'],
      hrt: null,
      email: '',
    });
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [-3], [0]])('age %d is not an age', (age) => {
    expect(readAnswers({ age }, scoring, 50).age).toBe(50);
  });

  it('merges the symptom answer keys of the config, each value once', () => {
    const profile = readAnswers(
      { otherSymptoms: ['fatigue', 'poor-sleep'], drMorganAnswers: ['poor-sleep', 'energy-crashes'] },
      scoring,
      50,
    );
    expect(profile.symptoms).toEqual(['fatigue', 'poor-sleep', 'energy-crashes']);
  });
});
