import { describe, expect, it } from 'vitest';
import { RequestError } from './http.ts';
import { parseQuestionnaire } from './questionnaire.ts';

/** The RequestError `parseQuestionnaire(value)` throws. */
function errorFor(value: unknown): RequestError {
  try {
    parseQuestionnaire(value);
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('expected a RequestError, but the questionnaire was accepted');
}

const items = (count: number, length = 5) =>
  Array.from({ length: count }, (_, i) => String(i).padStart(length, 'x'));

describe('parseQuestionnaire', () => {
  it.each([undefined, null])('treats %s as no answers', (value) => {
    expect(parseQuestionnaire(value)).toEqual({});
  });

  it('keeps every answer of any flow, trims texts, and drops what is no answer', () => {
    const answers = {
      age: 45,
      skinIssues: ['loss-of-firmness', 'dryness'],
      changeSpeed: ' 6-12-months ',
      otherSymptoms: ['hot-flashes'],
      routineEffectiveness: 'worse',
      hrt: 'past',
      skinTreatments: ['moisturizers', 'serums'],
      antiAgingExperience: ["My old routine used to work, but it's failing now"],
      drMorganAnswers: ['poor-sleep', 'none'],
      name: '  Ann  ',
      email: 'ann@example.com',
      assessmentData: { huge: 'object' },
      consent: true,
      'not-a-key': 'x',
    };
    expect(parseQuestionnaire(answers)).toEqual({
      age: 45,
      skinIssues: ['loss-of-firmness', 'dryness'],
      changeSpeed: '6-12-months',
      otherSymptoms: ['hot-flashes'],
      routineEffectiveness: 'worse',
      hrt: 'past',
      skinTreatments: ['moisturizers', 'serums'],
      antiAgingExperience: ["My old routine used to work, but it's failing now"],
      drMorganAnswers: ['poor-sleep', 'none'],
      name: 'Ann',
      email: 'ann@example.com',
    });
  });

  it('treats null and blank values as absent, like the RPCs', () => {
    expect(parseQuestionnaire({ age: null, skinIssues: null, name: '   ', hrt: '', email: null })).toEqual(
      {},
    );
  });

  it.each([[[]], ['age=45'], [42], [true]])('refuses %j as the whole field', (value) => {
    expect(errorFor(value)).toMatchObject({
      status: 400,
      code: 'invalid_field',
      field: 'questionnaireData',
      message: 'questionnaireData: must be an object of quiz answers',
    });
  });

  describe('age', () => {
    it.each([0, 35, 130])('accepts %i', (age) => {
      expect(parseQuestionnaire({ age })).toEqual({ age });
    });

    it.each([-1, 131, 45.5, '45', true, [45], Number.MAX_SAFE_INTEGER + 2])(
      'refuses %j, naming the field',
      (age) => {
        expect(errorFor({ age })).toMatchObject({
          status: 400,
          code: 'invalid_field',
          field: 'questionnaireData.age',
          message: 'questionnaireData.age: must be a whole number between 0 and 130',
        });
      },
    );
  });

  describe.each(['skinIssues', 'drMorganAnswers', 'shoeUse'])('list %s', (key) => {
    const field = `questionnaireData.${key}`;

    it('accepts 20 items of 120 characters', () => {
      const list = items(20, 120);
      expect(parseQuestionnaire({ [key]: list })).toEqual({ [key]: list });
    });

    it('refuses 21 items', () => {
      expect(errorFor({ [key]: items(21) })).toMatchObject({
        field,
        message: `${field}: must have at most 20 items`,
      });
    });

    it('takes a single text as a single-choice answer (the flow knows which kind it is)', () => {
      expect(parseQuestionnaire({ [key]: 'dryness' })).toEqual({ [key]: 'dryness' });
    });

    it.each([[''], ['   '], [7], [null], [{ value: 'x' }]])('refuses the item %j', (item) => {
      expect(errorFor({ [key]: ['dryness', item] })).toMatchObject({
        field,
        message: `${field}: items must be non-empty text`,
      });
    });

    it.each([['x'.repeat(121)], ['line\nbreak'], ['bell\u0007']])(
      'refuses the long or control-character item %j',
      (item) => {
        expect(errorFor({ [key]: [item] })).toMatchObject({
          field,
          message: `${field}: items must be at most 120 characters of plain text`,
        });
      },
    );
  });

  it('counts characters, not UTF-16 units, like Postgres char_length', () => {
    const emoji = '🙂'.repeat(120);
    expect(parseQuestionnaire({ skinIssues: [emoji] })).toEqual({ skinIssues: [emoji] });
  });

  it('refuses more than 40 answers', () => {
    const lists = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`answer${i}`, ['none']]));
    expect(errorFor(lists)).toMatchObject({
      field: 'questionnaireData',
      message: 'questionnaireData: must have at most 40 answers',
    });
    expect(
      Object.keys(parseQuestionnaire(Object.fromEntries(Object.entries(lists).slice(0, 40)))),
    ).toHaveLength(40);
  });

  it('keeps other numbers within ±1000000', () => {
    expect(parseQuestionnaire({ weeklyKm: 42.5 })).toEqual({ weeklyKm: 42.5 });
    expect(errorFor({ weeklyKm: 1e7 })).toMatchObject({
      field: 'questionnaireData.weeklyKm',
      message: 'questionnaireData.weeklyKm: must be a number between -1000000 and 1000000',
    });
  });

  describe('text fields', () => {
    it.each([
      ['changeSpeed', 120],
      ['routineEffectiveness', 120],
      ['name', 200],
    ])('%s accepts %i characters and refuses one more', (key, max) => {
      expect(parseQuestionnaire({ [key]: 'x'.repeat(max) })).toEqual({ [key]: 'x'.repeat(max) });
      expect(errorFor({ [key]: 'x'.repeat(max + 1) })).toMatchObject({
        field: `questionnaireData.${key}`,
        message: `questionnaireData.${key}: must be at most ${max} characters`,
      });
    });

    it.each(['name', 'email'])(
      '%s refuses a non-text value',
      (key) => {
        expect(errorFor({ [key]: ['no'] })).toMatchObject({
          field: `questionnaireData.${key}`,
          message: `questionnaireData.${key}: must be text`,
        });
      },
    );

    it('refuses control characters inside a text', () => {
      expect(errorFor({ name: 'Ann\u0000Lee' })).toMatchObject({
        field: 'questionnaireData.name',
        message: 'questionnaireData.name: must not contain control characters',
      });
    });

    it('a single-choice answer is any plain text (the flow, not the server, knows its options)', () => {
      expect(parseQuestionnaire({ hrt: 'maybe' })).toEqual({ hrt: 'maybe' });
    });

    it('email needs an @ and at most 320 characters', () => {
      expect(errorFor({ email: 'ann.example.com' })).toMatchObject({
        field: 'questionnaireData.email',
        code: 'invalid_field',
      });
      const longest = `${'a'.repeat(308)}@example.com`;
      expect(parseQuestionnaire({ email: longest })).toEqual({ email: longest });
      expect(errorFor({ email: `a${longest}` })).toMatchObject({
        message: 'questionnaireData.email: must be at most 320 characters',
      });
    });
  });
});
