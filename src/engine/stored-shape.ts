/**
 * Stored data checked against the flow before any screen trusts it: an answer must be one the screen
 * that asks it could have stored (an option it offers, a number in its range, text within its length),
 * and a stored object must fit the shape the flow declares for its key (`storage.dataShapes`).
 * Whatever does not fit is treated as absent.
 */
import type { DataShape, FieldShape } from './flow.gen.ts';
import type { AnswerValue, Flow, Screen } from './flow-model.ts';

const MAX_STRING = 2000;

type AnswerCheck = (value: unknown) => value is AnswerValue;

function isText(value: unknown, maxLength = MAX_STRING): value is string {
  return typeof value === 'string' && value.length <= maxLength;
}

/** What `screen` may store under its answer key(s). */
function checksOf(screen: Screen): [string, AnswerCheck][] {
  switch (screen.kind) {
    case 'single-choice': {
      const values = new Set(screen.options.map((option) => option.value));
      return [[screen.answer, (value): value is string => typeof value === 'string' && values.has(value)]];
    }
    case 'multi-select': {
      const values = new Set(screen.options.map((option) => option.value));
      return [
        [
          screen.answer,
          (value): value is string[] =>
            Array.isArray(value) &&
            value.every((item) => typeof item === 'string' && values.has(item)),
        ],
      ];
    }
    case 'slider':
      return [
        [
          screen.answer,
          (value): value is number =>
            typeof value === 'number' && Number.isFinite(value) && value >= screen.min && value <= screen.max,
        ],
      ];
    case 'form':
      return screen.fields.map((field): [string, AnswerCheck] => [
        field.name,
        (value): value is string => isText(value, field.maxLength ?? MAX_STRING),
      ]);
    default:
      return [];
  }
}

/** Per answer key, whether a stored value is one some screen that asks for it could have stored. */
export function answerChecks(flow: Flow): Map<string, AnswerCheck> {
  const byKey = new Map<string, AnswerCheck[]>();
  for (const screen of Object.values(flow.screens)) {
    for (const [key, check] of checksOf(screen)) byKey.set(key, [...(byKey.get(key) ?? []), check]);
  }
  return new Map(
    [...byKey].map(([key, checks]) => [key, (value: unknown): value is AnswerValue => checks.some((check) => check(value))]),
  );
}

function fieldFits(value: unknown, shape: FieldShape): boolean {
  const { type, minimum = -Infinity, maximum = Infinity, maxLength } = shape;
  if (type === 'number') return Number.isFinite(value) && Number(value) >= minimum && Number(value) <= maximum;
  if (type === 'text') return isText(value, maxLength);
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a stored object fits its declared shape (no shape declared: any object fits). */
export function fitsShape(value: Record<string, unknown>, shape: DataShape | undefined): boolean {
  if (!shape) return true;
  if (!(shape.required ?? []).every((field) => Object.hasOwn(value, field))) return false;
  return Object.entries(shape.fields ?? {}).every(
    ([field, fieldShape]) => !Object.hasOwn(value, field) || fieldFits(value[field], fieldShape),
  );
}
