/**
 * The `questionnaireData` body field of analyze-face: the visitor's answers (spec §3, quizData) of any flow,
 * checked with the same rules as the SQL RPCs (funnel_private.*_arg in
 * supabase/migrations/20261121000100_funnel_rpc.sql) so a value the lead RPC would refuse is refused here
 * too, with the same '<field>: <reason>' messages.
 */
import { RequestError, isPlainObject } from './http.ts';

/**
 * The answers of any flow, as the analysis reads them: a number, a text or a list of texts per answer
 * key. `age`, `name` and `email` keep the lead record's rules (spec §3 columns).
 */
export type Questionnaire = Record<string, number | string | string[]>;

/** Limits shared with the SQL RPCs (list_arg 20 × 120, int_arg 0..130 for age, text 200 and 320). */
export const QUESTIONNAIRE_LIMITS = {
  minAge: 0,
  maxAge: 130,
  maxListItems: 20,
  maxItemLength: 120,
  maxNameLength: 200,
  maxEmailLength: 320,
  /** Answers in one body: more than any flow asks, few enough to bound the work. */
  maxAnswers: 40,
  /** Any other number: well beyond any slider, short of float noise. */
  maxMagnitude: 1_000_000,
} as const;

const ROOT = 'questionnaireData';
const ANSWER_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** Answers with the lead record's own rules, checked whatever their type. */
const LEAD_KEYS = new Set(['age', 'name', 'email']);
// Same class as Postgres's [[:cntrl:]]: C0 controls and DEL (tab and newline included).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Validates `questionnaireData`. Missing or null means no answers (`{}`); anything else must be an
 * object. Keys that can't be answer keys and values that can't be answers (objects, booleans) are
 * dropped: the browser's session storage may carry more than the analysis needs. A value that is
 * an answer but breaks a limit throws a 400 RequestError 'invalid_field' naming the field
 * ('questionnaireData.age').
 */
export function parseQuestionnaire(value: unknown): Questionnaire {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw invalid(ROOT, 'must be an object of quiz answers');
  const limits = QUESTIONNAIRE_LIMITS;
  const result: Questionnaire = {};
  const answers = Object.entries(value).filter(
    ([key, answer]) =>
      ANSWER_KEY.test(key) &&
      (LEAD_KEYS.has(key) || typeof answer === 'number' || typeof answer === 'string' || Array.isArray(answer)),
  );
  if (answers.length > limits.maxAnswers) throw invalid(ROOT, `must have at most ${limits.maxAnswers} answers`);
  for (const [key, answer] of answers) {
    const field = `${ROOT}.${key}`;
    const parsed =
      key === 'age'
        ? wholeNumber(field, answer, limits.minAge, limits.maxAge)
        : key === 'name'
          ? text(field, answer, limits.maxNameLength)
          : key === 'email'
            ? email(field, answer)
            : Array.isArray(answer)
              ? textList(field, answer)
              : typeof answer === 'number'
                ? boundedNumber(field, answer)
                : text(field, answer, limits.maxItemLength);
    if (parsed !== undefined) result[key] = parsed;
  }
  return result;
}

function email(field: string, value: unknown): string | undefined {
  const address = text(field, value, QUESTIONNAIRE_LIMITS.maxEmailLength);
  if (address !== undefined && !address.includes('@'))
    throw invalid(field, 'must be an email address like name@example.com');
  return address;
}

function boundedNumber(field: string, value: number): number {
  const max = QUESTIONNAIRE_LIMITS.maxMagnitude;
  if (!Number.isFinite(value) || Math.abs(value) > max) throw invalid(field, `must be a number between -${max} and ${max}`);
  return value;
}

function invalid(field: string, reason: string): RequestError {
  return new RequestError(400, 'invalid_field', `${field}: ${reason}`, field);
}

/** int_arg: a JSON number without a fraction, within bounds; null or missing means absent. */
function wholeNumber(field: string, value: unknown, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `must be a whole number between ${min} and ${max}`);
  }
  return value;
}

/** text_arg: trimmed text; blank counts as absent; no control characters. */
function text(field: string, value: unknown, maxLength: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(field, 'must be text');
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if ([...trimmed].length > maxLength) throw invalid(field, `must be at most ${maxLength} characters`);
  if (CONTROL.test(trimmed)) throw invalid(field, 'must not contain control characters');
  return trimmed;
}

/** list_arg: a list of at most 20 non-blank texts of at most 120 characters; missing means absent. */
function textList(field: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalid(field, 'must be a list');
  const { maxListItems, maxItemLength } = QUESTIONNAIRE_LIMITS;
  if (value.length > maxListItems) throw invalid(field, `must have at most ${maxListItems} items`);
  return value.map((item: unknown) => {
    if (typeof item !== 'string' || item.trim() === '') throw invalid(field, 'items must be non-empty text');
    if ([...item].length > maxItemLength || CONTROL.test(item)) {
      throw invalid(field, `items must be at most ${maxItemLength} characters of plain text`);
    }
    return item;
  });
}
