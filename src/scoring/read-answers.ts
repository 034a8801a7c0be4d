import type { Scoring } from '../engine/flow.gen.ts';

/** The answers the scoring reads, narrowed: a missing or wrongly typed answer is absent, never an error. */
export interface QuizProfile {
  /** Chronological age in years. */
  age: number;
  /** Chosen skin-issue values, each once. */
  skinIssues: string[];
  /** The change-speed value, or null. */
  changeSpeed: string | null;
  /** Chosen symptoms from every symptom answer key, each once (a symptom chosen on two screens counts once). */
  symptoms: string[];
  /** Chosen skin-treatment values, each once. */
  skinTreatments: string[];
  /** The HRT answer, or null when not asked. */
  hrt: string | null;
  /** Chosen anti-aging experience option texts, each once. */
  antiAgingExperience: string[];
  /** The email address, or ''. */
  email: string;
}

function field(answers: unknown, key: string): unknown {
  if (answers === null || typeof answers !== 'object') return undefined;
  return Object.getOwnPropertyDescriptor(answers, key)?.value;
}

function list(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const strings = value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [...new Set(strings)];
}

function single(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Reads stored answers (normally `Answers`, but storage may be corrupt) into a `QuizProfile`.
 * `fallbackAge` is used when no valid age is stored.
 */
export function readAnswers(answers: unknown, scoring: Scoring, fallbackAge: number): QuizProfile {
  const age = field(answers, 'age');
  return {
    age: typeof age === 'number' && Number.isFinite(age) && age > 0 ? age : fallbackAge,
    skinIssues: list(field(answers, 'skinIssues')),
    changeSpeed: single(field(answers, 'changeSpeed')),
    symptoms: [...new Set(scoring.symptoms.answerKeys.flatMap((key) => list(field(answers, key))))],
    skinTreatments: list(field(answers, 'skinTreatments')),
    hrt: single(field(answers, 'hrt')),
    antiAgingExperience: list(field(answers, 'antiAgingExperience')),
    email: single(field(answers, 'email')) ?? '',
  };
}
