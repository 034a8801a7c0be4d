/**
 * The path proofs on deliberately broken copies of the shipped flow: each mistake is caught, at its
 * JSON pointer and at the line:column where that pointer's value starts in the broken file.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { validateFlowText, type FlowIssue } from './validate-flow.ts';

const FILE = 'flows/skin-funnel.json';
const shipped = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../..', FILE), 'utf8');
const resultKeys = [
  'skinAge',
  'chronologicalAge',
  'ageDifference',
  'confidenceScore',
  'agingRate',
  'primaryConcerns',
  'hormonalLikelihood',
  'hormonalLabel',
  'clinicalComments',
  'detailedMetrics',
  'dermatologistFindings',
  'firstEstimate',
  'overview',
  'primaryConcern',
];

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(json: Json, ...path: string[]): Json {
  let node: unknown = json;
  for (const key of path)
    node = isJson(node) ? node[key] : Array.isArray(node) ? node.at(Number(key)) : undefined;
  if (!isJson(node)) throw new Error(`no object at ${path.join('/')}`);
  return node;
}

/** The shipped flow with one edit, written out as a marketer's editor would (2-space JSON). */
function broken(edit: (flow: Json) => void): string {
  const flow: unknown = JSON.parse(shipped);
  if (!isJson(flow)) throw new Error('the flow file is not an object');
  edit(flow);
  return JSON.stringify(flow, null, 2);
}

/** Where a pointer's value (or its property name) starts, found independently of the validator. */
function positionOf(text: string, pointer: string, atKey = false): { line: number; column: number } {
  const path = pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const node = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, path);
  expect(node, `${pointer} exists in the broken flow`).toBeDefined();
  const offset = atKey ? (node?.parent?.offset ?? 0) : (node?.offset ?? 0);
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

function check(text: string) {
  return validateFlowText(text, { file: FILE, resultKeys });
}

function expectIssue(issues: FlowIssue[], text: string, pointer: string, message: RegExp, atKey = false) {
  const issue = issues.find((i) => i.pointer === pointer);
  expect(issue, `an issue at ${pointer} among ${issues.map((i) => i.pointer).join(', ')}`).toBeDefined();
  expect(issue).toMatchObject({ file: FILE, pointer, ...positionOf(text, pointer, atKey) });
  expect(issue?.message).toMatch(message);
  expect(issue?.hint).toBeTruthy();
}

describe('the shipped flow', () => {
  it('passes every proof, without a warning: the older chains share the /13 bar and move forward (issue 33)', () => {
    const { flow, errors, warnings } = check(shipped);
    expect(errors).toEqual([]);
    expect(flow).not.toBeNull();
    expect(warnings.map((w) => w.pointer)).toEqual([]);
  });
});

describe('a dead end or a loop without exit', () => {
  it('a loop with no way out is reported on the screens of the loop, not on those leading into it', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'treatment-projection')['next'] = 'education-urgency';
    });
    const { errors } = check(text);
    expect(errors.map((e) => e.pointer)).toEqual([
      '/screens/education-urgency',
      '/screens/treatment-projection',
    ]);
    expectIssue(
      errors,
      text,
      '/screens/treatment-projection',
      /^no path from screen "treatment-projection" ever ends: it goes round the loop treatment-projection → education-urgency → treatment-projection with no way out$/,
      true,
    );
  });

  it('a choice that can never be completed is a dead end', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'anti-aging-experience')['minSelected'] = 5;
    });
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expectIssue(
      errors,
      text,
      '/screens/anti-aging-experience/minSelected',
      /dead end: it needs 5 choices but offers 4, so Continue can never be taken/,
    );
  });

  it('a redirect screen that redirects nowhere is a dead end', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'creating-protocol')['continue'] = [
        { type: 'trackJourney', params: { step: 'form_completed' } },
      ];
    });
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expectIssue(errors, text, '/screens/creating-protocol/after', /screen "creating-protocol" leads nowhere/);
  });
});

describe('an unreachable screen', () => {
  it('a routed screen no transition leads to, not marked as an entry, is reported on its name', () => {
    const text = broken((flow) => {
      delete at(flow, 'screens', 'hormone-assessment')['entry'];
    });
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expectIssue(errors, text, '/screens/hormone-assessment', /can't be reached from the start screen/, true);
  });
});

describe('an answer read before it is written', () => {
  it('copy reading an answer that one path never asks is reported with that path', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'email-capture', 'content', '1')['text'] = 'At {answers.age}, now is the time.';
    });
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expectIssue(
      errors,
      text,
      '/screens/email-capture/content/1/text',
      /^"\{answers\.age\}" may be missing here: on the path \/quiz\/email-capture, no screen asks for "age" first$/,
    );
  });

  it('a rule reading an answer only another chain asks is reported at its var', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'analysis-bridge')['next'] = [
        { when: { '==': [{ var: 'answers.hrt' }, 'yes'] }, to: 'email-capture' },
        { to: 'photo-analysis' },
      ];
    });
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expectIssue(
      errors,
      text,
      '/screens/analysis-bridge/next/0/when/==/0/var',
      /^"answers\.hrt" may be missing here: on the path \/ → skin-concerns → change-speed → age → cliff-education → analysis-bridge, no screen asks for "hrt" first$/,
    );
  });

  it('sample answers cover a visitor who answered nothing, not one who answered something else', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'root-cause-reveal', 'content', '1')['text'] =
        'At {answers.age}: {answers.antiAgingExperience}';
    });
    const { errors } = check(text);
    // antiAgingExperience: asked right before on every path, and in the sample for a fresh deep link.
    expect(errors.map((e) => e.message)).toEqual([
      '"{answers.age}" may be missing here: on the path /quiz/email-capture → doctor-investigation → anti-aging-experience → root-cause-reveal, no screen asks for "age" first',
    ]);
  });

  it('a declared fallback is accepted', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'email-capture', 'content', '1')['text'] =
        'At {answers.age|your age}, now is the time.';
      at(flow, 'screens', 'analysis-bridge')['next'] = [
        { when: { '==': [{ var: ['answers.hrt', 'no'] }, 'yes'] }, to: 'email-capture' },
        { to: 'photo-analysis' },
      ];
    });
    expect(check(text).errors).toEqual([]);
  });
});

describe('a Lead event before the lead is saved', () => {
  it('is reported at the event, with a path on which no save runs first', () => {
    const text = broken((flow) => {
      const screen = at(flow, 'screens', 'email-capture');
      screen['continue'] = [
        { type: 'pixel', params: { event: 'Lead' } },
        { type: 'saveLead' },
        { type: 'trackJourney', params: { step: 'form_completed' } },
      ];
    });
    const { errors } = check(text);
    expect(errors).toHaveLength(1);
    expectIssue(
      errors,
      text,
      '/screens/email-capture/continue/0/params/event',
      /^the Lead event can fire before any lead is saved: on the path \/ → skin-concerns → .* → detailed-analysis → email-capture$/,
    );
  });

  it('a Lead event on a later screen is fine once every path to it saves the lead', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'doctor-investigation')['enter'] = [{ type: 'pixel', params: { event: 'Lead' } }];
    });
    const { errors } = check(text);
    // The doctor's screen is itself a deep link, so a visitor can open it without a lead.
    expect(errors.map((e) => e.pointer)).toEqual(['/screens/doctor-investigation/enter/0/params/event']);
  });
});

describe('progress going backwards', () => {
  it('is a warning at the later screen, naming the main path', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'change-speed')['progress'] = { step: 5, of: 13 };
    });
    const { errors, warnings } = check(text);
    expect(errors).toEqual([]);
    expectIssue(
      warnings,
      text,
      '/screens/age/progress',
      /^the progress bar goes back on the main path from \/: 5\/13 on "change-speed", then 4\/13 on "age"$/,
    );
  });

  it('a Continue that can lead nowhere is a warning', () => {
    const text = broken((flow) => {
      at(flow, 'screens', 'age')['next'] = [
        { when: { '>': [{ var: 'answers.age' }, 40] }, to: 'cliff-education' },
      ];
    });
    const { errors, warnings } = check(text);
    expect(errors).toEqual([]);
    expectIssue(warnings, text, '/screens/age/next', /every target in "next" has a rule/);
  });
});

describe('an unknown flow format version', () => {
  it('is the one error, at /version', () => {
    const text = broken((flow) => {
      flow['version'] = 2;
    });
    const { flow, errors } = check(text);
    expect(flow).toBeNull();
    expect(errors).toHaveLength(1);
    expectIssue(
      errors,
      text,
      '/version',
      /^unknown flow format: this engine runs flow format version 1; the flow has version 2$/,
    );
  });
});
