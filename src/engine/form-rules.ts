/**
 * Whether a filled-in form field passes its rules: the shared email rule for an email field, the
 * field's own rule (pattern, range, options, a consent tick) for every field, as the server applies
 * them. It loads with the form's code, not with the first screen: the form installs it in answers.ts
 * (`installFormRules`) before it can send its Continue.
 */
import { isEmail } from './email-rule.ts';
import { fieldProblem } from './field-rules.ts';
import type { FormField } from './answers.ts';

/** Whether the trimmed `value` of `field` may be sent (an empty value is the required check's business). */
export function fieldAccepted(field: FormField, value: string): boolean {
  // The server's own rule, so the form never sends an address it would refuse.
  if (field.type === 'email' && value !== '' && !isEmail(value)) return false;
  return fieldProblem(field, value) === null;
}
