import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateFlowText } from './validate-flow.ts';

const FILE = 'tests/fixtures/flows/valid-flow.json';
const fixture = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');
const resultKeys = ['confidenceScore', 'hormonalLabel', 'skinAge'];

function errorsOf(from: string, to: string): string[] {
  expect(fixture).toContain(from);
  const { errors } = validateFlowText(fixture.replace(from, to), { file: FILE, resultKeys });
  return errors.map((e) => `${e.line}:${e.column} ${e.pointer}: ${e.message}`);
}

const TEXT = '"text": "Assessed at age {data.assessmentData.age|unknown}."';
const withText = (text: string) => `"text": "${text}"`;
const textAt = (() => {
  const before = fixture.slice(0, fixture.indexOf(TEXT) + '"text": '.length);
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
})();

describe('placeholder formats in the checker', () => {
  it('accepts every documented format', () => {
    const text =
      '{result.skinAge:number} {result.skinAge:percent} {result.skinAge:compact} ' +
      '{result.skinAge:plural(year|years)} {result.skinAge:currency} {result.skinAge:2}';
    expect(errorsOf('"brand": "Glowly"', '"brand": "Glowly", "currency": "USD"')).toEqual([]);
    const both = fixture.replace('"brand": "Glowly"', '"brand": "Glowly", "currency": "USD"').replace(TEXT, withText(text));
    expect(validateFlowText(both, { file: FILE, resultKeys }).errors).toEqual([]);
  });

  it('refuses an unknown format at its line:column, with a did-you-mean', () => {
    expect(errorsOf(TEXT, withText('{result.skinAge:plurl(year|years)}'))).toEqual([
      expect.stringMatching(
        new RegExp(`^${textAt} /screens/reveal/footer/1/text: .*unknown format ":plurl" — did you mean ":plural"\\?`),
      ),
    ]);
  });

  it('refuses a plural without its two words', () => {
    expect(errorsOf(TEXT, withText('{result.skinAge:plural(years)}'))).toEqual([
      expect.stringContaining('":plural" needs two words, the one and the many'),
    ]);
  });

  it('refuses money when the flow names no currency, and an unknown currency or locale', () => {
    expect(errorsOf(TEXT, withText('{result.skinAge:currency}'))).toEqual([
      expect.stringContaining('":currency" needs the money\'s code in settings.currency'),
    ]);
    expect(errorsOf('"brand": "Glowly"', '"brand": "Glowly", "currency": "XYZ"')).toEqual([
      expect.stringMatching(/\/settings\/currency: unknown currency "XYZ"$/),
    ]);
    expect(errorsOf('"brand": "Glowly"', '"brand": "Glowly", "locale": "not a tag"')).toEqual([
      expect.stringMatching(/\/settings\/locale: "not a tag" is not a language tag$/),
    ]);
  });

  it('refuses a money reveal without a currency', () => {
    expect(errorsOf('"stepMs": 33,', '"stepMs": 33, "format": "currency",')).toEqual([
      expect.stringMatching(/\/screens\/reveal\/percent\/format: "currency" needs the money's code/),
    ]);
  });
});
