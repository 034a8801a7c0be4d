/**
 * The rules of a lead form's fields, declared once in the flow and applied alike by the browser and
 * by the database. `fieldRule()` turns a field of the flow into its rule (defaults filled in);
 * `ruleProblem()` is the browser's judgement of a value; the same rules, as JSON, are registered
 * with the database (`leadFieldRules()` → `public.register_lead_fields`), where
 * `funnel_private.lead_fields_arg` (supabase/migrations/20261127000250_lead_field_rules.sql) judges
 * the saved answers with the same patterns, ranges and messages. tests/lead-field-rules.test.ts runs
 * both on the same samples.
 *
 * Patterns are written in the regex syntax JavaScript and PostgreSQL read alike (see
 * `portablePatternProblem`), and both anchor them: the whole trimmed value must match.
 */
import type { Flow, ScreenOfKind } from './flow-model.ts';

type Field = ScreenOfKind<'form'>['fields'][number];

/** A field's rule as both sides apply it (the JSON the database stores, too). */
export interface FieldRule {
  /** The answer key (also the field named in every refusal). */
  name: string;
  type: 'text' | 'tel' | 'number' | 'select' | 'checkbox';
  required: boolean;
  /** The whole trimmed value must match it (tel and text fields). */
  pattern?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  /** A select's accepted values. */
  options?: string[];
  /** What a value that breaks the rule is told (beside the field, and in the server's refusal). */
  message: string;
}

/** A phone number: an optional +, then digits, spaces and ( ) . - (at least 6 characters). */
export const TEL_PATTERN = '[+]?[0-9][0-9 ().-]{4,22}[0-9]';
/** How a number field's value must look before its range is checked. */
export const NUMBER_PATTERN = '-?[0-9]+([.][0-9]+)?';
/** What a ticked checkbox stores. */
export const CHECKED = 'yes';

function rangeText(field: Pick<Field, 'min' | 'max'>): string {
  if (field.min !== undefined && field.max !== undefined) return `Enter a number from ${field.min} to ${field.max}`;
  if (field.min !== undefined) return `Enter a number of at least ${field.min}`;
  if (field.max !== undefined) return `Enter a number of at most ${field.max}`;
  return 'Enter a number';
}

function defaultMessage(field: Field): string {
  switch (field.type) {
    case 'tel':
      return 'Enter a phone number';
    case 'number':
      return rangeText(field);
    case 'select':
      return 'Choose one of the options';
    case 'checkbox':
      return 'Tick this box to continue';
    default:
      return 'Check this field';
  }
}

/** The rule of a form field, or null for an email field (the shared email rule covers it). */
export function fieldRule(field: Field): FieldRule | null {
  if (field.type === 'email') return null;
  const rule: FieldRule = {
    name: field.name,
    type: field.type,
    required: field.required === true,
    message: field.message ?? defaultMessage(field),
  };
  const pattern = field.pattern ?? (field.type === 'tel' ? TEL_PATTERN : undefined);
  if (pattern !== undefined) rule.pattern = pattern;
  if (field.min !== undefined) rule.min = field.min;
  if (field.max !== undefined) rule.max = field.max;
  if (field.maxLength !== undefined) rule.maxLength = field.maxLength;
  if (field.type === 'select') rule.options = (field.options ?? []).map((option) => option.value);
  return rule;
}

/** The rules of every form field of the flow (the first declaration of a name wins), for the database. */
export function leadFieldRules(flow: Pick<Flow, 'screens'>): FieldRule[] {
  const rules = new Map<string, FieldRule>();
  for (const screen of Object.values(flow.screens)) {
    if (screen.kind !== 'form') continue;
    for (const field of screen.fields) {
      const rule = fieldRule(field);
      if (rule && !rules.has(rule.name)) rules.set(rule.name, rule);
    }
  }
  return [...rules.values()];
}

const compiled = new Map<string, RegExp>();
function matchesWhole(pattern: string, value: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
    compiled.set(pattern, regex);
  }
  return regex.test(value);
}

/**
 * What is wrong with a filled-in value under `rule`, or null. An empty value is the required check's
 * business (the button stays off), except a required checkbox, which is its own message.
 */
export function ruleProblem(rule: FieldRule, raw: string): string | null {
  const value = raw.trim();
  if (rule.type === 'checkbox') return rule.required && value !== CHECKED ? rule.message : null;
  if (value === '') return null;
  if (rule.maxLength !== undefined && [...value].length > rule.maxLength) return rule.message;
  if (rule.pattern !== undefined && !matchesWhole(rule.pattern, value)) return rule.message;
  if (rule.type === 'select') return rule.options?.includes(value) ? null : rule.message;
  if (rule.type === 'number') {
    if (!matchesWhole(NUMBER_PATTERN, value)) return rule.message;
    const number = Number(value);
    if (rule.min !== undefined && number < rule.min) return rule.message;
    if (rule.max !== undefined && number > rule.max) return rule.message;
  }
  return null;
}

/** The browser's verdict on one field's value (null: fine, or empty and left to the required check). */
export function fieldProblem(field: Field, raw: string): string | null {
  const rule = fieldRule(field);
  return rule ? ruleProblem(rule, raw) : null;
}

/**
 * Why a pattern can't be shared by JavaScript and PostgreSQL, or null. Allowed: literal characters,
 * [classes], \d, the escaped punctuation \. \- \+ \( \) \[ \] \{ \} \/ \\ \^ \$ \* \? \|, groups
 * (…) and (?:…), alternation and the quantifiers ? * + {n} {n,} {n,m}.
 */
export function portablePatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return `is no valid regular expression (${error instanceof Error ? error.message : String(error)})`;
  }
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    const next = pattern[i + 1] ?? '';
    if (char === '\\') {
      if (!/^[d.\-+()[\]{}/\\^$*?|]$/.test(next)) return `uses "\\${next}", which JavaScript and PostgreSQL read differently`;
      i++;
    } else if (char === '(' && next === '?' && pattern[i + 2] !== ':') {
      return 'uses a lookaround or named group, which JavaScript and PostgreSQL read differently';
    }
  }
  return null;
}
