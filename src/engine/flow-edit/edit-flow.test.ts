/**
 * The flow operations the studio and the MCP server share: read, check, edit (refused when it adds an
 * error, unless a draft), diff and a new flow, on the shipped flow's text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue, validateFlowText } from '../validation/validate-flow.ts';
import { checkFlow, formatFinding } from './check-flow.ts';
import { diffFlowTexts } from './diff-flow.ts';
import { editFlow } from './edit-flow.ts';
import { newFlowText } from './new-flow.ts';
import { readFlow } from './read-flow.ts';

const FILE = 'flows/skin-funnel.json';
const TEXT = readFileSync(FILE, 'utf8');

describe('readFlow', () => {
  it('reads one screen from the line of its key, numbered', () => {
    const read = readFlow(TEXT, { screen: 'cliff-education' });
    if (!read.ok) throw new Error(read.message);
    const lines = TEXT.split('\n');
    expect(lines[read.startLine - 1]?.trim()).toBe('"cliff-education": {');
    expect(JSON.parse(`{${read.text.replace(/,\s*$/, '')}}`)).toHaveProperty('cliff-education.kind', 'content');
    expect(read.numbered.split('\n')[0]).toBe(`${read.startLine}│ ${lines[read.startLine - 1]}`);
  });

  it('names the screens when asked for one that is not there', () => {
    const read = readFlow(TEXT, { screen: 'nope' });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/nothing at \/screens\/nope .*cliff-education/);
  });
});

describe('checkFlow', () => {
  it('finds what flow:check finds, in the same order', () => {
    const { errors, warnings } = validateFlowText(TEXT, { file: FILE });
    const check = checkFlow(TEXT, { file: FILE });
    expect(check.findings.map((f) => formatFinding(FILE, f))).toEqual([
      ...errors.map(formatIssue),
      ...warnings.map((w) => `warning: ${formatIssue(w)}`),
    ]);
    expect(check).toMatchObject({ errors: 0, warnings: warnings.length, clean: warnings.length === 0 });
  });

  it('gives a finding its severity, pointer, line:column and hint', () => {
    const broken = TEXT.replace('"next": "cliff-education"', '"next": "cliff-educaton"');
    const found = checkFlow(broken, { file: FILE }).findings.find((f) => f.pointer === '/screens/age/next');
    const line = broken.split('\n').findIndex((l) => l.includes('"cliff-educaton"')) + 1;
    expect(found).toMatchObject({ severity: 'error', line, column: 15 });
    expect(found?.hint).toContain('cliff-education');
    expect(formatFinding(FILE, found!)).toMatch(new RegExp(`^${FILE}:${line}:15 /screens/age/next: `));
  });
});

describe('editFlow', () => {
  it('changes exactly one line for one headline', () => {
    const result = editFlow(
      TEXT,
      [{ op: 'replace', path: '/screens/cliff-education/content/0/text', value: 'You came to the right place.' }],
      { file: FILE },
    );
    if (!result.ok) throw new Error(result.message);
    const before = TEXT.split('\n');
    const after = result.text.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, i) => (line === before[i] ? [] : [i + 1]));
    expect(changed).toEqual([result.lines.firstLine]);
    expect(result.lines).toMatchObject({ removed: 1, added: 1 });
    expect(after[changed[0]! - 1]).toContain('"You came to the right place."');
  });

  it('refuses an edit that adds an error, naming it; a draft keeps it', () => {
    const ops = [{ op: 'replace' as const, path: '/screens/age/next', value: 'nowhere' }];
    const refused = editFlow(TEXT, ops, { file: FILE });
    expect(refused).toMatchObject({ ok: false, reason: 'adds-errors' });
    expect(refused.addedErrors.map((f) => f.pointer)).toContain('/screens/age/next');
    const draft = editFlow(TEXT, ops, { file: FILE, draft: true });
    expect(draft.ok).toBe(true);
    if (draft.ok) expect(draft.addedErrors).toEqual(refused.addedErrors);
  });

  it('lets a draft with an error be fixed, and an edit keep an error it did not add', () => {
    const draft = editFlow(TEXT, [{ op: 'replace', path: '/screens/age/next', value: 'nowhere' }], { file: FILE, draft: true });
    if (!draft.ok) throw new Error(draft.message);
    const other = editFlow(draft.text, [{ op: 'replace', path: '/settings/brand', value: 'Brand X' }], { file: FILE });
    expect(other.ok).toBe(true);
    const fixed = editFlow(draft.text, [{ op: 'replace', path: '/screens/age/next', value: 'cliff-education' }], { file: FILE });
    expect(fixed.ok && fixed.text).toBe(TEXT);
  });

  it('reports an operation that does not apply', () => {
    const result = editFlow(TEXT, [{ op: 'remove', path: '/screens/nope' }], { file: FILE });
    expect(result).toMatchObject({ ok: false, reason: 'patch', problem: { index: 0, path: '/screens/nope' } });
  });
});

describe('diffFlowTexts', () => {
  it('says what an edit means for visitors, in flow:diff words', () => {
    const edited = editFlow(TEXT, [{ op: 'replace', path: '/screens/cliff-education/content/0/text', value: 'Hi.' }], { file: FILE });
    if (!edited.ok) throw new Error(edited.message);
    const diff = diffFlowTexts(TEXT, edited.text, { file: FILE });
    expect(diff).toEqual({
      ok: true,
      errors: [],
      lines: ['Copy changed:', `  cliff-education /content/0/text: "You're in the right place." → "Hi."`],
    });
  });
});

describe('newFlowText', () => {
  it('starts a flow that passes the strict check, with the brand and id given', () => {
    const created = newFlowText({ id: 'bike-fit', brand: 'Acme "Cycles"' });
    if (!created.ok) throw new Error(created.message);
    expect(checkFlow(created.text, { file: 'flows/bike-fit.json' })).toMatchObject({ clean: true });
    expect(JSON.parse(created.text)).toMatchObject({
      id: 'bike-fit',
      settings: { brand: 'Acme "Cycles"' },
      storage: { answersKey: 'bikeFitAnswers', sessionIdKey: 'bike_fit_session_id' },
    });
  });

  it('refuses an id the schema would refuse', () => {
    expect(newFlowText({ id: 'Bike Fit', brand: 'Acme' })).toMatchObject({ ok: false });
  });
});
