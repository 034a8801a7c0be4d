import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, validateFlowText } from './validate-flow.ts';

const FILE = 'tests/fixtures/flows/formats-flow.json';
const fixture = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');
const TIERS = '"tiers": [[1500, "Excellent fit"], [800, "Good fit"]]';

function errorsWith(tiers: string): string[] {
  expect(fixture).toContain(TIERS);
  const text = fixture.replace(TIERS, `"tiers": ${tiers}`);
  return validateFlowText(text, { file: FILE }).errors.map(formatIssue);
}

/** line:column of the `n`th (0-based) occurrence of `needle` in the broken flow. */
function at(tiers: string, needle: string): string {
  const text = fixture.replace(TIERS, `"tiers": ${tiers}`);
  const offset = text.indexOf(needle, text.indexOf('"tiers"'));
  const before = text.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
}

describe('band tables', () => {
  it('accepts bands listed highest first', () => {
    expect(errorsWith('[[1500, "Excellent fit"], [800, "Good fit"]]')).toEqual([]);
  });

  it('refuses bands listed lowest first, at the entry out of order', () => {
    const tiers = '[[800, "Good fit"], [1500, "Excellent fit"]]';
    expect(errorsWith(tiers)).toEqual([
      `${FILE}:${at(tiers, '1500')} /tables/tiers/1/0: bands are out of order: 1500 comes after 800, so a value of 1500 gets entry 0's output — list bands highest first, e.g. [[1500, "Excellent fit"], [800, "Good fit"]]`,
    ]);
  });

  it('refuses two bands that start at the same number', () => {
    const tiers = '[[1500, "Excellent fit"], [1500, "Good fit"]]';
    expect(errorsWith(tiers)).toEqual([
      `${FILE}:${at(tiers, '1500, "Good')} /tables/tiers/1/0: two bands start at 1500 (entries 0 and 1): this one is never used`,
    ]);
  });

  it('checks a band table written in the computation itself', () => {
    const text = fixture.replace(
      '{ "var": "tables.tiers" }',
      '[[1, "low"], [2, "high"]]',
    );
    expect(validateFlowText(text, { file: FILE }).errors.map((e) => `${e.pointer}: ${e.message}`)).toEqual([
      '/computations/tier/band/1/1/0: bands are out of order: 2 comes after 1, so a value of 2 gets entry 0\'s output',
    ]);
  });
});
