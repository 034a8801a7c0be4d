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

/**
 * Characters no address holds, refused wherever they stand (issue 42: fuzzed leads stored addresses
 * with a zero-width space, a right-to-left override and `<script>`): control characters other than the
 * whitespace the pattern refuses, soft hyphen, Arabic letter mark, zero-width spaces and joiners, word
 * joiner and invisible operators, left-to-right and right-to-left marks, embeddings, overrides and
 * isolates, byte order mark, interlinear annotations; the space-like ones (no-break, typographic,
 * ideographic, line and paragraph separators); and markup's `<` and `>`. `\uXXXX` reads alike in both
 * dialects; the database's copy is the same text (tests/email-rule.test.ts).
 */
export const EMAIL_FORBIDDEN =
  '[<>\\u0001-\\u0008\\u000e-\\u001f\\u007f-\\u00a0\\u00ad\\u061c\\u180e\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u206f\\u3000\\ufeff\\ufff9-\\ufffb]';

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

/**
 * What an email field says beside an address holding a forbidden character: usually one pasted along
 * with the address, invisible, so the field asks for the address to be typed.
 */
export const EMAIL_FORBIDDEN_HINT =
  'This email holds a hidden or text-direction character, or < or >: type the address in again';

const pattern = new RegExp(EMAIL_PATTERN, 'u');
const forbidden = new RegExp(EMAIL_FORBIDDEN, 'u');

/** The hint for a non-empty value that breaks the rule (too long first), or null when it is an email. */
export function emailProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH) return EMAIL_TOO_LONG_HINT;
  if (forbidden.test(trimmed)) return EMAIL_FORBIDDEN_HINT;
  return pattern.test(trimmed) ? null : EMAIL_HINT;
}

/** Whether `value`, trimmed as both sides trim it, is an email address the backend accepts. */
export function isEmail(value: string): boolean {
  return emailProblem(value) === null;
}
