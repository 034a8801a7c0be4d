/**
 * The logic checks on the fixture flow, one mistake at a time: each error's exact message, hint,
 * JSON pointer and line:column.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateFlowText } from './validate-flow.ts';

const FILE = 'tests/fixtures/flows/valid-flow.json';
const fixture = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');

/** The fixture with unique pieces of text replaced; fails loudly if a piece is missing or repeated. */
function mutate(...edits: [string, string][]): string {
  return edits.reduce((text, [from, to]) => {
    const at = text.indexOf(from);
    expect(at, `"${from}" is in the fixture`).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(from, at + 1), `"${from}" is unique in the fixture`).toBe(-1);
    return text.slice(0, at) + to + text.slice(at + from.length);
  }, fixture);
}

/** 1-based line and column where a unique needle starts. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  expect(at, `"${needle}" is in the broken flow`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(needle, at + 1), `"${needle}" is unique in the broken flow`).toBe(-1);
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

const GUARD = '{ "in": ["none", { "var": "answers.skinIssues" }] }';

interface Case {
  name: string;
  edits: [string, string][];
  pointer: string;
  at: string;
  message: string;
  hint?: string;
}

const cases: Case[] = [
  {
    name: 'an unknown operator in a guard',
    edits: [[GUARD, '{ "=": ["none", { "var": "answers.skinIssues" }] }']],
    pointer: '/screens/concerns/next/0/when/=',
    at: '["none", { "var": "answers.skinIssues" }] }, "to"',
    message: 'unknown operator "=" in this rule',
    hint: 'did you mean "=="?',
  },
  {
    name: 'an unknown operator in a computation',
    edits: [['{ "points": [', '{ "contains": [']],
    pointer: '/computations/confidenceScore/clamp/0/+/1/contains',
    at: '[{ "var": ["answers.skinIssues"',
    message: 'unknown operator "contains" in this computation',
    hint: 'did you mean "in"?',
  },
  {
    name: 'a wrong number of arguments',
    edits: [['] }] }, 10, 95] }', '] }] }, 10] }']],
    pointer: '/computations/confidenceScore/clamp',
    at: '[{ "+": [25',
    message: '"clamp" takes 3 arguments, not 2',
  },
  {
    name: 'a var path naming no table',
    edits: [['"tables.concernPoints"', '"tables.concernPoint"']],
    pointer: '/computations/confidenceScore/clamp/0/+/1/points/1/var',
    at: '"tables.concernPoint"',
    message: 'unknown variable "tables.concernPoint" in this computation: there is no table value "concernPoint"',
    hint: 'did you mean "tables.concernPoints"?',
  },
  {
    name: 'a var path naming no answer',
    edits: [['"answers.skinIssues", []', '"answers.skinIssue", []']],
    pointer: '/computations/confidenceScore/clamp/0/+/1/points/0/var/0',
    at: '"answers.skinIssue",',
    message: 'unknown variable "answers.skinIssue" in this computation: no screen stores an answer "skinIssue"',
    hint: 'did you mean "answers.skinIssues"?',
  },
  {
    name: 'a var path reaching for a prototype',
    edits: [['"answers.skinIssues", []', '"answers.__proto__", []']],
    pointer: '/computations/confidenceScore/clamp/0/+/1/points/0/var/0',
    at: '"answers.__proto__"',
    message: 'unknown variable "answers.__proto__" in this computation: no screen stores an answer "__proto__"',
  },
  {
    name: 'a var path naming no computation',
    edits: [['"result.confidenceScore" }, [[80', '"result.confidence" }, [[80']],
    pointer: '/computations/hormonalLabel/band/0/var',
    at: '"result.confidence"',
    message: 'unknown variable "result.confidence" in this computation: no computation is named "confidence"',
    hint: 'did you mean "result.confidenceScore"?',
  },
  {
    name: 'a computation reading itself',
    edits: [['"result.confidenceScore" }, [[80', '"result.hormonalLabel" }, [[80']],
    pointer: '/computations/hormonalLabel/band/0/var',
    at: '"result.hormonalLabel" }, [[80',
    message: 'computation "hormonalLabel" reads itself',
    hint: 'a computation may read only the computations above it',
  },
  {
    name: 'a computation reading one computed after it',
    edits: [
      ['[25, ', '[{ "var": "result.hormonalLabel" }, '],
      ['"result.confidenceScore" }, [[80', '"answers.age" }, [[80'],
    ],
    pointer: '/computations/confidenceScore/clamp/0/+/0/var',
    at: '"result.hormonalLabel" }, {',
    message: 'computation "confidenceScore" reads "hormonalLabel", which is computed after it',
    hint: 'move "hormonalLabel" above "confidenceScore": computations run in order',
  },
  {
    name: 'a table text reading an unknown computation',
    edits: [['"concernPoints": {', '"lines": { "top": "Your score: {result.confidenceScor}" },\n    "concernPoints": {']],
    pointer: '/tables/lines/top',
    at: '"Your score: {result.confidenceScor}"',
    message: 'unknown placeholder "{result.confidenceScor}" in this table text: no computation is named "confidenceScor"',
    hint: 'did you mean "result.confidenceScore"?',
  },
  {
    name: 'an option value that does not exist in a guard',
    edits: [[GUARD, '{ "in": ["nnoe", { "var": "answers.skinIssues" }] }']],
    pointer: '/screens/concerns/next/0/when/in/0',
    at: '"nnoe"',
    message: '"nnoe" is not an option of "skinIssues"',
    hint: 'did you mean "none"?',
  },
  {
    name: 'a points table naming an option that does not exist',
    edits: [['"wrinkles": 20', '"wrinkels": 20']],
    pointer: '/tables/concernPoints/wrinkels',
    at: '"wrinkels"',
    message: 'tables.concernPoints names "wrinkels", which is not an option of "skinIssues"',
    hint: 'did you mean "wrinkles"?',
  },
];

describe('the logic checks, one mistake at a time', () => {
  it.each(cases)('$name', ({ edits, pointer, at, message, hint }) => {
    const broken = mutate(...edits);
    const { flow, errors } = validateFlowText(broken, { file: FILE });
    expect(flow).toBeNull();
    expect(errors).toEqual([
      { file: FILE, pointer, ...positionOf(broken, at), message, ...(hint === undefined ? {} : { hint }) },
    ]);
  });

  it('a cycle through two computations is one error, at the first of them', () => {
    // hormonalLabel already reads confidenceScore, so confidenceScore → hormonalLabel → confidenceScore.
    const broken = mutate(['[25, ', '[{ "var": "result.hormonalLabel" }, ']);
    const { errors } = validateFlowText(broken, { file: FILE });
    expect(errors.map((e) => `${e.pointer}: ${e.message}`)).toEqual([
      '/computations/confidenceScore/clamp/0/+/0/var: computation "confidenceScore" reads itself through confidenceScore → hormonalLabel → confidenceScore',
    ]);
  });

  it('an option no points table scores, beside scored siblings, is a warning', () => {
    const broken = mutate(['"wrinkles": 20, "none": 0', '"wrinkles": 20']);
    const { flow, errors, warnings } = validateFlowText(broken, { file: FILE });
    expect(errors).toEqual([]);
    expect(flow).not.toBeNull();
    expect(warnings).toEqual([
      {
        file: FILE,
        pointer: '/screens/concerns/options/2/value',
        ...positionOf(broken, '"none", "label"'),
        message: 'option "none" of "skinIssues" scores nothing: tables.concernPoints scores its siblings but not it',
        hint: 'add "none": 0 to the table if it is meant to score nothing',
      },
    ]);
  });
});
