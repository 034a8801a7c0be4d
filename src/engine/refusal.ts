/**
 * A refusal the visitor can act on (e.g. a photo with no face): the error a port rejects with carries
 * a `code`, and the screen's `refusals` say what to tell her for each code.
 */

/** The `code` of an error (e.g. 'no_face'), or undefined when it has none. */
export function refusalCode(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const code: unknown = Object.getOwnPropertyDescriptor(error, 'code')?.value;
  return typeof code === 'string' ? code : undefined;
}

/** The message a screen's `refusals` give for this error, or undefined when it is not one of them. */
export function refusalMessage(refusals: Readonly<Record<string, string>> | undefined, error: unknown): string | undefined {
  const code = refusalCode(error);
  return refusals && code !== undefined && Object.hasOwn(refusals, code) ? refusals[code] : undefined;
}
