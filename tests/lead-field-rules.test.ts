/**
 * One rule per form field, declared in the flow: the browser (src/engine/field-rules.ts) and
 * save_quiz_completion (funnel_private.lead_fields_arg, with the rules the local backend registers from
 * the flow) judge every sample alike, with the same message, naming the field. The shoe finder's ZIP
 * field refuses "abc" on both sides with the flow's own words.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/database.ts';
import { leadFieldsOfFile, registerLeadFields } from '../server/flow-lead-fields.ts';
import { failure, sqlKit } from '../server/sql-test-kit.ts';
import { fieldProblem, portablePatternProblem, ruleProblem, type FieldRule } from '../src/engine/field-rules.ts';
import { loadFlow } from './support/load-flow.ts';

const SHOE = resolve(import.meta.dirname, '../flows/shoe-finder.json');
const shoe = loadFlow(readFileSync(SHOE, 'utf8'));

let db: PGlite;
beforeAll(async () => {
  db = await openDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});
const { rpc, read, asRole } = sqlKit(() => db);

function zipField() {
  const lead = shoe.screens.lead;
  const field = lead?.kind === 'form' ? lead.fields.find((f) => f.name === 'zip') : undefined;
  if (!field) throw new Error('the shoe finder lead form has no zip field');
  return field;
}

/** The database's verdict on one value: null when accepted, the refusal's message otherwise. */
async function databaseVerdict(rule: FieldRule, value: string): Promise<string | null> {
  try {
    await read(`select funnel_private.lead_field_arg($1::jsonb, to_jsonb($2::text))`, [JSON.stringify(rule), value]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const RULES: { rule: FieldRule; samples: [string, boolean][] }[] = [
  {
    rule: { name: 'zip', type: 'text', required: true, pattern: '[0-9]{5}(-[0-9]{4})?', message: 'Enter a 5-digit ZIP code', maxLength: 10 },
    samples: [['94110', true], ['94110-1234', true], ['abc', false], ['9411', false], ['941101', false], ['94110-12', false]],
  },
  {
    rule: { name: 'postcode', type: 'text', required: false, pattern: '[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}', message: 'Enter a UK postcode' },
    samples: [['SW1A 1AA', true], ['M1 1AE', true], ['12345', false], ['SW1A-1AA', false]],
  },
  {
    rule: { name: 'phone', type: 'tel', required: true, pattern: '[+]?[0-9][0-9 ().-]{4,22}[0-9]', message: 'Enter a phone number' },
    samples: [['+1 (415) 555-0100', true], ['0151 496 0000', true], ['call me', false], ['12', false]],
  },
  {
    rule: { name: 'roofSize', type: 'number', required: true, min: 10, max: 500, message: 'Enter a number from 10 to 500' },
    samples: [['10', true], ['499.5', true], ['500', true], ['9', false], ['501', false], ['ten', false], ['1e2', false], ['-', false]],
  },
  {
    rule: { name: 'roof', type: 'select', required: true, options: ['south', 'east-west'], message: 'Choose one of the options' },
    samples: [['south', true], ['east-west', true], ['north', false]],
  },
  {
    rule: { name: 'consent', type: 'checkbox', required: true, message: 'Tick this box to continue' },
    samples: [['yes', true], ['', false], ['no', false]],
  },
];

describe('lead form field rules', () => {
  const cases = RULES.flatMap(({ rule, samples }) => samples.map(([value, ok]) => ({ rule, value, ok })));
  it.each(cases)('$rule.name: "$value" is judged alike by the browser and the database (accepted: $ok)', async ({ rule, value, ok }) => {
    const browser = ruleProblem(rule, value);
    expect(browser).toBe(ok ? null : rule.message);
    expect(await databaseVerdict(rule, value)).toBe(browser === null ? null : `${rule.name}: ${browser}`);
  });

  it('refuses the ZIP "abc" with the same message in the browser and in save_quiz_completion', async () => {
    const message = 'Enter a 5-digit ZIP code, like 94110';
    expect(fieldProblem(zipField(), 'abc')).toBe(message);
    const fields = leadFieldsOfFile(SHOE);
    if (!fields) throw new Error('the shoe finder did not load');
    await registerLeadFields(db, fields);
    const lead = { session_id: randomUUID(), name: 'Ann', email: 'ann@example.com', flow_id: 'shoe-finder' };
    const answers = { name: 'Ann', email: 'ann@example.com' };
    const refused = await failure(rpc('save_quiz_completion', { ...lead, id: randomUUID(), answers: { ...answers, zip: 'abc' } }));
    expect(refused).toMatchObject({ code: '22023', message: `zip: ${message}`, detail: 'zip' });
    const id = randomUUID();
    await rpc('save_quiz_completion', { ...lead, id, answers: { ...answers, zip: '94110' } });
    expect(await read(`select answers->>'zip' as zip from public.quiz_completions where id = $1`, [id])).toEqual([{ zip: '94110' }]);
    // The field is optional: a lead without it is saved, and a partial lead is kept as typed.
    await rpc('save_quiz_completion', { ...lead, id: randomUUID(), answers });
    await rpc('save_quiz_completion', { ...lead, session_id: randomUUID(), id: randomUUID(), answers: { ...answers, zip: '9' }, partial: true });
  });

  it('registers the flow file\'s languages with its rules: the shoe finder takes "ar" and refuses "xx" by name', async () => {
    const fields = leadFieldsOfFile(SHOE);
    expect(fields?.languages).toEqual(['en', 'ar']);
    if (!fields) throw new Error('the shoe finder did not load');
    await registerLeadFields(db, fields);
    const lead = { session_id: randomUUID(), name: 'Ann', email: 'ann@example.com', flow_id: 'shoe-finder', answers: { name: 'Ann', email: 'ann@example.com' } };
    expect(await failure(rpc('save_quiz_completion', { ...lead, id: randomUUID(), language: 'xx' }))).toMatchObject({
      code: '22023',
      message: 'language: is not a language this flow ships (ar, en)',
      detail: 'language',
    });
    const id = randomUUID();
    await rpc('save_quiz_completion', { ...lead, id, language: 'ar' });
    expect(await read('select language from public.quiz_completions where id = $1', [id])).toEqual([{ language: 'ar' }]);
  });

  it('leaves flows without registered rules as they were, and lets no browser role register them', async () => {
    const lead = { session_id: randomUUID(), name: 'Ann', email: 'ann@example.com', flow_id: 'another-flow' };
    await rpc('save_quiz_completion', { ...lead, id: randomUUID(), answers: { zip: 'abc' } });
    const denied = await failure(rpc('register_lead_fields', { flow_id: 'another-flow', rules: [] }));
    expect(denied.code).toBe('42501');
    const hidden = await failure(asRole('anon', 'select * from funnel_private.lead_field_rules'));
    expect(hidden.code).toBe('42501');
  });

  it.each([
    ['[0-9]{5}', null],
    ['(?<=a)b', /lookaround/],
    ['(a)\\1', /"\\1"/],
    ['\\w+', /"\\w"/],
    ['[', /no valid regular expression/],
  ] as const)('judges whether the pattern %s reads alike in both engines', (pattern, problem) => {
    const found = portablePatternProblem(pattern);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});
