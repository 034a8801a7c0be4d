/**
 * The one email rule, shared by the browser and the database. A form field of type `email` accepts
 * exactly what `funnel_private.email_arg` (supabase/migrations/20261123000100_email_rule.sql) accepts:
 * that migration carries this pattern and length character for character, and
 * tests/email-rule.test.ts fails if they differ or if the two engines judge any sample differently.
 *
 * The pattern is written in the regex dialect JavaScript and PostgreSQL read alike: no shorthand
 * classes (PostgreSQL's `\s` depends on the locale), whitespace spelled out as ASCII escapes.
 * One '@', no whitespace, and a domain of at least two non-empty dot-separated labels: `jane@`,
 * `jane@example` and `jane@example..com` are refused; `jane.doe+news@example.co.uk` is accepted.
 */
export const EMAIL_PATTERN = '^[^@ \\t\\n\\r\\f\\v]+@[^@ \\t\\n\\r\\f\\v.]+([.][^@ \\t\\n\\r\\f\\v.]+)+$';

/** The longest address accepted (RFC 5321's path limit, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** What an email field says beside a value that breaks this rule. */
export const EMAIL_HINT = 'Enter an email like name@example.com';

/**
 * What an email field says beside an address longer than the limit. The field does not cut what is
 * typed or pasted at the limit (a cut address looks right and is wrong): it says so, as the database's
 * `email_arg` does ("is too long").
 */
export const EMAIL_TOO_LONG_HINT = `This email is too long: an address has at most ${EMAIL_MAX_LENGTH} characters`;

const pattern = new RegExp(EMAIL_PATTERN, 'u');

/** The hint for a non-empty value that breaks the rule (too long first), or null when it is an email. */
export function emailProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH) return EMAIL_TOO_LONG_HINT;
  return pattern.test(trimmed) ? null : EMAIL_HINT;
}

/** Whether `value`, trimmed as both sides trim it, is an email address the backend accepts. */
export function isEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && pattern.test(trimmed);
}
