/**
 * What each screen kind does with the visitor's input, and whether Continue is allowed. Shared by the
 * machine's guards and actions (the button only mirrors them).
 */
import type { AnswerValue, Answers, Screen, ScreenOfKind } from './flow-model.ts';

/** A lead form's field. */
export type FormField = ScreenOfKind<'form'>['fields'][number];

/**
 * The form fields' rules (form-rules.ts), which load with the form's chunk rather than the first
 * screen's bundle: the form installs them when its code loads, before it can send a Continue. Until
 * then no form may continue.
 */
let formRules: ((field: FormField, value: string) => boolean) | undefined;

/** Installs the form fields' rules (see `formRules`). */
export function installFormRules(rules: (field: FormField, value: string) => boolean): void {
  formRules = rules;
}

/** The answers after a SELECT_OPTION on `screen`; unchanged when the value is not one of its options. */
export function selectOption(screen: Screen, answers: Answers, value: string): Answers {
  if (screen.kind !== 'multi-select' && screen.kind !== 'single-choice') return answers;
  if (!screen.options.some((option) => option.value === value)) return answers;
  if (screen.kind === 'single-choice') return { ...answers, [screen.answer]: value };
  const current = asList(answers[screen.answer]);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...answers, [screen.answer]: next };
}

/** The answers after a SET_VALUE on a slider: clamped to its range and snapped to its step. */
export function setSliderValue(screen: Screen, answers: Answers, value: number): Answers {
  if (screen.kind !== 'slider' || !Number.isFinite(value)) return answers;
  const snapped = screen.min + Math.round((value - screen.min) / screen.step) * screen.step;
  const clamped = Math.min(screen.max, Math.max(screen.min, snapped));
  return { ...answers, [screen.answer]: clamped };
}

/** The answers after a SET_FIELD on a form; unknown fields are ignored, long values cut. */
export function setFieldValue(screen: Screen, answers: Answers, field: string, value: string): Answers {
  if (screen.kind !== 'form') return answers;
  const spec = screen.fields.find((f) => f.name === field);
  if (!spec) return answers;
  // An email is kept whole: cut, a too-long address would look right and be wrong; the form tells
  // the visitor it is too long instead (email-rule.ts), and the email rule keeps Continue shut.
  // (A pasted page is still cut, at four times the limit.)
  const limit = spec.maxLength && (spec.type === 'email' ? spec.maxLength * 4 : spec.maxLength);
  const cut = limit ? value.slice(0, limit) : value;
  return { ...answers, [field]: cut };
}

/** Answers a screen stores when the visitor continues without touching it (slider default, empty list). */
export function withDefaults(screen: Screen, answers: Answers): Answers {
  if (screen.kind === 'slider' && typeof answers[screen.answer] !== 'number') {
    return { ...answers, [screen.answer]: screen.default };
  }
  if (screen.kind === 'multi-select' && !Array.isArray(answers[screen.answer])) {
    return { ...answers, [screen.answer]: [] };
  }
  if (screen.kind === 'form') {
    const trimmed: Answers = { ...answers };
    for (const field of screen.fields) {
      const value = answers[field.name];
      if (typeof value === 'string') trimmed[field.name] = value.trim();
    }
    return trimmed;
  }
  return answers;
}

/** Whether the screen's input is complete enough to continue. */
export function isComplete(screen: Screen, answers: Answers, photo: string | null): boolean {
  switch (screen.kind) {
    case 'multi-select':
      return asList(answers[screen.answer]).length >= (screen.minSelected ?? 0);
    case 'single-choice': {
      if (screen.required === false) return true;
      const value = answers[screen.answer];
      return screen.options.some((option) => option.value === value);
    }
    case 'form':
      return screen.fields.every((field) => {
        const raw = answers[field.name];
        const value = typeof raw === 'string' ? raw.trim() : '';
        if (field.required && value === '') return false;
        // The email rule and the field's own rule, as the server applies them (none yet: shut).
        if (!formRules?.(field, value)) return false;
        return !field.mustContain || value.includes(field.mustContain);
      });
    case 'photo-upload':
      return photo !== null;
    case 'redirect':
    case 'not-found':
      return false;
    case 'slider':
    case 'content':
    case 'calculating':
    case 'reveal':
      return true;
  }
}

function asList(value: AnswerValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}
