/**
 * A refusal the visitor can act on (e.g. a photo with no face): the error a port rejects with carries
 * a `code`, and the screen's `refusals` say what to tell her for each code.
 */

/** The message a screen's `refusals` give for this error, or undefined when it is not one of them. */
export function refusalMessage(refusals: Readonly<Record<string, string>> | undefined, error: unknown): string | undefined {
  const code = error !== null && typeof error === 'object' ? Object.getOwnPropertyDescriptor(error, 'code')?.value : undefined;
  return refusals && typeof code === 'string' && Object.hasOwn(refusals, code) ? refusals[code] : undefined;
}
