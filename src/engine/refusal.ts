/**
 * A write the backend refused because of one of the visitor's inputs. Ports reject with an error that
 * carries `field` and `reason` (the tracking port's RPC errors do); the machine shows it by that input
 * so the visitor can correct it, instead of a generic "try again" that could never succeed.
 */
export interface Refusal {
  /** The refused input's name, as the form names its field ('email'). */
  field: string;
  /** Why, in the backend's words, without the value ('must be an email address like name@example.com'). */
  reason: string;
}

/** The refusal an error describes, or null when it is no refusal of a named input. */
export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== 'object' || error === null) return null;
  const field: unknown = 'field' in error ? error.field : null;
  const reason: unknown = 'reason' in error ? error.reason : null;
  if (typeof field !== 'string' || field === '' || typeof reason !== 'string' || reason === '') return null;
  return { field, reason };
}
