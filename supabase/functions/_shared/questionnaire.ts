/**
 * The `questionnaireData` body field of analyze-face: the visitor's quiz answers (spec §3, quizData),
 * checked with the same rules as the SQL RPCs (funnel_private.*_arg in
 * supabase/migrations/20261121000100_funnel_rpc.sql) so a value the lead RPC would refuse is refused here
 * too, with the same '<field>: <reason>' messages. Unknown keys are dropped: the browser's session
 * storage may carry more than the analysis needs.
 */
import { RequestError, isPlainObject } from './http.ts';

/** The quiz answers the analysis reads; every field may be absent. */
export interface Questionnaire {
  age?: number;
  skinIssues?: string[];
  changeSpeed?: string;
  otherSymptoms?: string[];
  routineEffectiveness?: string;
  hrt?: HrtAnswer;
  skinTreatments?: string[];
  antiAgingExperience?: string[];
  name?: string;
  email?: string;
  /** The doctor investigation's answers, keyed by the doctor's name (`drMorganAnswers`). */
  [doctorAnswers: `dr${string}Answers`]: string[] | undefined;
}

export const HRT_ANSWERS = ['yes', 'no', 'past'] as const;
export type HrtAnswer = (typeof HRT_ANSWERS)[number];

/** Limits shared with the SQL RPCs (list_arg 20 × 120, text_arg 64 for option values, 200, 320). */
export const QUESTIONNAIRE_LIMITS = {
  minAge: 0,
  maxAge: 130,
  maxListItems: 20,
  maxItemLength: 120,
  maxOptionLength: 64,
  maxNameLength: 200,
  maxEmailLength: 320,
  /** Doctor answer lists in one body: the flow has one doctor; a few more allow for variants. */
  maxDoctorLists: 10,
} as const;

const ROOT = 'questionnaireData';
const LIST_KEYS = ['skinIssues', 'otherSymptoms', 'skinTreatments', 'antiAgingExperience'] as const;
const DOCTOR_KEY = /^dr[A-Z]\w{0,48}Answers$/;
// Same class as Postgres's [[:cntrl:]]: C0 controls and DEL (tab and newline included).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Validates `questionnaireData`. Missing or null means no answers (`{}`); anything else must be an
 * object. Throws a 400 RequestError 'invalid_field' naming the field ('questionnaireData.age').
 */
export function parseQuestionnaire(value: unknown): Questionnaire {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw invalid(ROOT, 'must be an object of quiz answers');
  const limits = QUESTIONNAIRE_LIMITS;
  const result: Questionnaire = {};

  const age = wholeNumber(`${ROOT}.age`, value.age, limits.minAge, limits.maxAge);
  if (age !== undefined) result.age = age;
  for (const key of LIST_KEYS) {
    const list = textList(`${ROOT}.${key}`, value[key]);
    if (list !== undefined) result[key] = list;
  }
  const doctorKeys = Object.keys(value).filter((key) => DOCTOR_KEY.test(key));
  if (doctorKeys.length > limits.maxDoctorLists) {
    throw invalid(ROOT, `must have at most ${limits.maxDoctorLists} doctor answer lists`);
  }
  for (const key of doctorKeys) {
    const list = textList(`${ROOT}.${key}`, value[key]);
    if (list !== undefined) result[doctorAnswersKey(key)] = list;
  }

  const changeSpeed = text(`${ROOT}.changeSpeed`, value.changeSpeed, limits.maxOptionLength);
  if (changeSpeed !== undefined) result.changeSpeed = changeSpeed;
  const routine = text(`${ROOT}.routineEffectiveness`, value.routineEffectiveness, limits.maxOptionLength);
  if (routine !== undefined) result.routineEffectiveness = routine;
  const hrt = text(`${ROOT}.hrt`, value.hrt, limits.maxOptionLength);
  if (hrt !== undefined) {
    const answer = HRT_ANSWERS.find((allowed) => allowed === hrt);
    if (answer === undefined) throw invalid(`${ROOT}.hrt`, `must be one of ${HRT_ANSWERS.join(', ')}`);
    result.hrt = answer;
  }
  const name = text(`${ROOT}.name`, value.name, limits.maxNameLength);
  if (name !== undefined) result.name = name;
  const email = text(`${ROOT}.email`, value.email, limits.maxEmailLength);
  if (email !== undefined) {
    if (!email.includes('@'))
      throw invalid(`${ROOT}.email`, 'must be an email address like name@example.com');
    result.email = email;
  }
  return result;
}

function invalid(field: string, reason: string): RequestError {
  return new RequestError(400, 'invalid_field', `${field}: ${reason}`, field);
}

function doctorAnswersKey(key: string): `dr${string}Answers` {
  return `dr${key.slice(2, -'Answers'.length)}Answers`;
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
