import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIssue, validateFlowText, type FlowIssue } from './validate-flow.ts';

const FILE = 'tests/fixtures/flows/valid-flow.json';
const fixture = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');
const resultKeys = ['confidenceScore', 'hormonalLabel', 'skinAge'];

const validate = (text: string) => validateFlowText(text, { file: FILE, resultKeys });

/** The fixture with one unique piece of text replaced; fails loudly if the piece is missing or repeated. */
function mutate(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  expect(at, `"${from}" is in the fixture`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(from, at + 1), `"${from}" is unique in the fixture`).toBe(-1);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** 1-based line and column of an offset. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** Where a unique needle starts in the text (plus `shift` characters). */
function positionOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const at = text.indexOf(needle);
  expect(at, `"${needle}" is in the broken flow`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(needle, at + 1), `"${needle}" is unique in the broken flow`).toBe(-1);
  return positionAt(text, at + shift);
}

describe('validateFlowText on the valid fixture', () => {
  it('accepts it and returns the typed flow', () => {
    const { flow, errors, warnings } = validate(fixture);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(flow?.start).toBe('start');
    expect(Object.keys(flow?.screens ?? {})).toHaveLength(8);
  });
});

interface Mistake {
  name: string;
  from: string;
  to: string;
  pointer: string;
  /** Where the error must be: a needle in the broken text, or a function of it. */
  at: string | ((broken: string) => { line: number; column: number });
  message: RegExp;
  hint?: RegExp;
  /** Pointers of further errors the one mistake rightly causes (e.g. what reads a renamed key). */
  consequences?: string[];
}

const mistakes: Mistake[] = [
  {
    name: 'unknown kind',
    from: '"kind": "multi-select"',
    to: '"kind": "mutli-select"',
    pointer: '/screens/concerns/kind',
    at: '"mutli-select"',
    message: /^unknown kind "mutli-select" — expected one of redirect, content, multi-select, .*not-found$/,
    hint: /^did you mean "multi-select"\?$/,
  },
  {
    name: 'dangling next',
    from: '"next": "email"',
    to: '"next": "emial"',
    pointer: '/screens/age/next',
    at: '"emial"',
    message: /^unknown screen "emial"$/,
    hint: /did you mean "email"/,
  },
  {
    name: 'dangling guarded next',
    from: '{ "to": "age" }',
    to: '{ "to": "agee" }',
    pointer: '/screens/concerns/next/1/to',
    at: '"agee"',
    message: /^unknown screen "agee"$/,
    hint: /did you mean "age"/,
  },
  {
    name: 'dangling after.to',
    from: '"to": "concerns"',
    to: '"to": "concern"',
    pointer: '/screens/start/after/to',
    at: '"concern"',
    message: /^unknown screen "concern"$/,
  },
  {
    name: 'dangling requires.otherwise',
    from: '"otherwise": "age"',
    to: '"otherwise": "ages"',
    pointer: '/screens/reveal/requires/otherwise',
    at: '"ages"',
    message: /^unknown screen "ages"$/,
  },
  {
    name: 'duplicate route',
    from: '"route": "/old-offer"',
    to: '"route": "/quiz/age-selection"',
    pointer: '/screens/old-offer/route',
    at: (broken) => positionOf(broken, '"/quiz/age-selection",\n      "entry"'),
    message: /path "\/quiz\/age-selection" is already the route of screen "age"/,
  },
  {
    name: 'alias equal to another screen’s route (trailing slash ignored)',
    from: '"aliases": ["/quiz/step-1"]',
    to: '"aliases": ["/quiz/age-selection/"]',
    pointer: '/screens/concerns/aliases/0',
    at: '"/quiz/age-selection/"',
    message: /path "\/quiz\/age-selection" is already the route of screen "age"/,
  },
  {
    name: 'unreachable screen',
    from: '"entry": true',
    to: '"entry": false',
    pointer: '/screens/old-offer',
    at: '"old-offer": {',
    message: /^screen "old-offer" can't be reached from the start screen "start"$/,
    hint: /"entry": true/,
  },
  {
    name: 'unknown placeholder in copy',
    from: '"Your result, {answers.name}"',
    to: '"Your result, {answers.nmae}"',
    pointer: '/screens/reveal/content/0/text',
    at: '"Your result, {answers.nmae}"',
    message: /^unknown placeholder "\{answers.nmae\}": no screen stores an answer "nmae"$/,
    hint: /did you mean "\{answers.name\}"/,
  },
  {
    name: 'unknown result placeholder',
    from: '"{result.confidenceScore}"',
    to: '"{result.confidenceScor}"',
    pointer: '/screens/reveal/percent/value',
    at: '"{result.confidenceScor}"',
    message: /no computation is named "confidenceScor"/,
    hint: /did you mean "\{result.confidenceScore\}"/,
  },
  {
    name: 'unknown var in a rule',
    from: '{ "var": "answers.skinIssues" }',
    to: '{ "var": "answers.skinIssue" }',
    pointer: '/screens/concerns/next/0/when/in/1/var',
    at: '"answers.skinIssue"',
    message: /^unknown variable "answers.skinIssue" in this rule/,
    hint: /did you mean "answers.skinIssues"/,
  },
  {
    name: 'unknown setting in a route',
    from: '"/{settings.doctorSlug}-report"',
    to: '"/{settings.doctorSlg}-report"',
    pointer: '/screens/email/route',
    at: '"/{settings.doctorSlg}-report"',
    message: /^unknown setting "\{settings.doctorSlg\}" in this route$/,
    hint: /did you mean "doctorSlug"/,
  },
  {
    name: 'JSON syntax error (missing comma)',
    from: '"answer": "skinIssues",',
    to: '"answer": "skinIssues"',
    pointer: '',
    at: (broken) => {
      const end = broken.indexOf('"answer": "skinIssues"') + '"answer": "skinIssues"'.length;
      return positionAt(broken, end + broken.slice(end).search(/\S/));
    },
    message: /comma is missing/,
  },
  {
    name: 'JSON syntax error (trailing comma)',
    from: '{ "value": "none", "label": "None of these" }',
    to: '{ "value": "none", "label": "None of these" },',
    pointer: '',
    at: (broken) => {
      const end = broken.indexOf('"None of these" },') + '"None of these" },'.length;
      return positionAt(broken, end + broken.slice(end).search(/\S/));
    },
    message: /value is expected/,
    hint: /comma after the last item/,
  },
  {
    name: 'missing required property',
    from: '"question": "How old are you?",\n',
    to: '',
    pointer: '/screens/age/question',
    at: (broken) => positionOf(broken, '"age": {\n      "kind"', '"age": '.length),
    message: /^missing required property "question"$/,
    hint: /^add "question": The question$/,
  },
  {
    name: 'missing kind',
    from: '"kind": "content",\n',
    to: '',
    pointer: '/screens/old-offer/kind',
    at: (broken) => positionOf(broken, '"old-offer": {', '"old-offer": '.length),
    message: /^missing "kind"$/,
    hint: /^add "kind": one of redirect, content, .*not-found$/,
  },
  {
    name: 'a screen id in the wrong form',
    from: '"old-offer": {',
    to: '"Old Offer": {',
    pointer: '/screens/Old Offer',
    at: '"Old Offer"',
    message: /^"Old Offer" is not allowed as a name here$/,
    hint: /^expected a screen id: lower-case letters, digits and hyphens$/,
  },
  {
    name: 'unknown property',
    from: '"hint": "Select all that apply"',
    to: '"hnit": "Select all that apply"',
    pointer: '/screens/concerns/hnit',
    at: '"hnit"',
    message: /^unknown property "hnit"$/,
    hint: /^did you mean "hint"\?$/,
  },
  {
    name: 'submit.store outside storage.dataKeys',
    from: '"store": "contactInfo"',
    to: '"store": "contactInfos"',
    pointer: '/screens/email/submit/store',
    at: '"contactInfos"',
    message: /^"contactInfos" is not one of storage.dataKeys$/,
    hint: /did you mean "contactInfo"/,
  },
  {
    name: 'storeData key outside storage.dataKeys (what reads it is reported too)',
    from: '"key": "assessmentData"',
    to: '"key": "assesmentData"',
    pointer: '/screens/age/continue/0/params/key',
    at: '"assesmentData"',
    message: /^"assesmentData" is not one of storage.dataKeys$/,
    hint: /did you mean "assessmentData"/,
    consequences: ['/screens/reveal/requires/when/var', '/screens/reveal/footer/1/text'],
  },
  {
    name: 'redirect screen that leads nowhere',
    from: '{ "type": "redirect", "params": { "url": "{settings.recommendationUrl}?email={answers.email|}" } }',
    to: '{ "type": "log", "params": { "message": "done" } }',
    pointer: '/screens/protocol/after',
    at: '{ "delayMs": 3000 }',
    message: /screen "protocol" leads nowhere/,
  },
  {
    name: 'notFound pointing at a screen of another kind',
    from: '"notFound": "not-found"',
    to: '"notFound": "old-offer"',
    pointer: '/notFound',
    at: '"old-offer",',
    message: /^screen "old-offer" is not a not-found screen$/,
    consequences: ['/screens/not-found', '/screens/not-found/enter/0/params/message'],
  },
  {
    name: 'a comment',
    from: '"version": 1,',
    to: '"version": 1, // format version',
    pointer: '',
    at: '// format version',
    message: /comments are not allowed/,
  },
  {
    name: 'a key written twice',
    from: '"unit": "years",',
    to: '"unit": "years",\n      "answer": "age",',
    pointer: '/screens/age/answer',
    at: (broken) => positionOf(broken, '"unit": "years",\n      "answer"', '"unit": "years",\n      '.length),
    message: /"answer" is written twice/,
  },
  {
    name: 'a wrong value type',
    from: '"delayMs": 1500',
    to: '"delayMs": "1500"',
    pointer: '/screens/start/after/delayMs',
    at: '"1500"',
    message: /^must be a whole number, not the text "1500"$/,
  },
  {
    name: 'a progress fraction without its total',
    from: '{ "step": 2, "of": 5 }',
    to: '{ "step": 2 }',
    pointer: '/screens/age/progress/of',
    at: '{ "step": 2 }',
    message: /^missing required property "of"$/,
  },
];

describe('validateFlowText on a fixture with one mistake', () => {
  it.each(mistakes)(
    '$name: reported at its pointer, line and column',
    ({ from, to, pointer, at, message, hint, consequences = [] }) => {
      const broken = mutate(fixture, from, to);
      const { flow, errors } = validate(broken);
      expect(flow).toBeNull();
      expect(errors.map((e) => e.pointer).sort()).toEqual([pointer, ...consequences].sort());
      const issue = errors.find((e) => e.pointer === pointer);
      const where = typeof at === 'string' ? positionOf(broken, at) : at(broken);
      expect(issue).toMatchObject({ file: FILE, pointer, ...where });
      expect(issue?.message).toMatch(message);
      if (hint) expect(issue?.hint).toMatch(hint);
      expect(issue?.message).not.toContain('\n');
    },
  );
});

describe('validateFlowText with several mistakes', () => {
  const only = (errors: FlowIssue[]) => errors.map(({ pointer, message }) => `${pointer}: ${message}`);

  it('reports every graph mistake at once, in file order', () => {
    let broken = mutate(fixture, '"next": "email"', '"next": "emial"');
    broken = mutate(broken, '"Your result, {answers.name}"', '"Your result, {answers.nmae}"');
    broken = mutate(broken, '"route": "/old-offer"', '"route": "/reveal"');
    const { flow, errors } = validate(broken);
    expect(flow).toBeNull();
    expect(only(errors)).toEqual([
      '/screens/age/next: unknown screen "emial"',
      '/screens/reveal/content/0/text: unknown placeholder "{answers.nmae}": no screen stores an answer "nmae"',
      '/screens/old-offer/route: the path "/reveal" is already the route of screen "reveal"',
    ]);
  });

  it('reports every schema mistake at once', () => {
    let broken = mutate(fixture, '"kind": "multi-select"', '"kind": "mutli-select"');
    broken = mutate(broken, '"question": "How old are you?",\n', '');
    broken = mutate(broken, '"unit": "years"', '"units": "years"');
    broken = mutate(broken, '"type": "heading"', '"type": "headline"');
    const { errors } = validate(broken);
    expect(only(errors)).toEqual([
      '/screens/concerns/kind: unknown kind "mutli-select" — expected one of redirect, content, multi-select, single-choice, slider, form, calculating, photo-upload, reveal, not-found',
      '/screens/age/question: missing required property "question"',
      '/screens/age/units: unknown property "units"',
      '/screens/reveal/content/0/type: unknown type "headline" — expected one of heading, text, link, list, image, before-after, badge, badges, testimonial, stats, cards, score-bars, comparison, steps, note, rating, profile, chart',
    ]);
  });
});

describe('formatIssue', () => {
  it('reads file:line:column pointer: message — hint', () => {
    const issue = {
      file: 'flows/skin-funnel.json',
      pointer: '/screens/age/next',
      line: 12,
      column: 5,
      message: 'unknown screen "agee"',
      hint: 'did you mean "age"?',
    };
    expect(formatIssue(issue)).toBe(
      'flows/skin-funnel.json:12:5 /screens/age/next: unknown screen "agee" — did you mean "age"?',
    );
    expect(formatIssue({ ...issue, pointer: '', hint: undefined })).toBe(
      'flows/skin-funnel.json:12:5: unknown screen "agee"',
    );
  });
});
