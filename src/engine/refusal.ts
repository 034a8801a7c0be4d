import type { Screen } from './flow-model.ts';

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

/**
 * What `screen` shows for a refusal of one of its form fields: the field's label and the backend's
 * reason, and which field to mark. Null when `error` is no refusal or names no field of this screen.
 */
export function refusalOnScreen(screen: Screen, error: unknown): { message: string; field: string } | null {
  const refusal = refusalOf(error);
  const field = refusal && screen.kind === 'form' ? screen.fields.find((f) => f.name === refusal.field) : undefined;
  return refusal && field ? { message: `${field.label}: ${refusal.reason}`, field: field.name } : null;
}
