/**
 * Names derived from the generated flow types, so code never re-declares the flow's shape.
 */
import type { Screen, Flow } from './flow.gen.ts';
import type { OptionLabels } from './template.ts';

export type { Flow, Screen };

/** Every screen kind the schema knows. */
export type ScreenKind = Screen['kind'];

/** The screen type of one kind. */
export type ScreenOfKind<K extends ScreenKind> = Extract<Screen, { kind: K }>;

/** One stored answer: a choice, a number, a list of choices or a field's text. */
export type AnswerValue = string | number | string[];

/** All answers, by answer key (persisted as the flow's `storage.answersKey`). */
export type Answers = Record<string, AnswerValue>;

/** Further stored objects, by data key (e.g. an assessment). */
export type StoredData = Record<string, Record<string, unknown>>;

/** The values copy placeholders and json-logic rules read. */
export interface Scope {
  answers: Answers;
  data: StoredData;
  result: object;
  settings: Flow['settings'];
  /** The requested path (for the not-found screen). */
  path: string;
  /** Option labels by answer key and value, for `{answers.x:label}`. */
  labels?: OptionLabels;
}
