/**
 * A one-line description of an error that is safe to log: an error's message can quote the data it
 * failed on (an answer, an email, a token), so emails, long digit runs and long opaque tokens are
 * masked and the line is cut short.
 */
const MAX_LENGTH = 200;

/** `Name: message` of `error`, with personal data masked (for logs only, never shown to a visitor). */
export function errorSummary(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const masked = message
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+/g, '[email]')
    .replace(/\d{6,}/g, '[number]')
    .replace(/[A-Za-z0-9_\-+/=.]{32,}/g, '[token]')
    .replace(/\s+/g, ' ')
    .trim();
  const line = masked === '' ? name : `${name}: ${masked}`;
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}
