/**
 * What the validator reports. A check produces `Finding`s (where, by JSON pointer, and what);
 * validate-flow turns them into `FlowIssue`s with the file, line and column a marketer can open.
 */

/** How bad a finding is: errors fail the build; warnings are shown and fail only under --strict. */
export type Severity = 'error' | 'warning';

/** One problem found in a flow value, before it is placed in the file's text. */
export interface Finding {
  /** JSON pointer of the offending value, e.g. /screens/age/next (of the missing property itself when one is missing). */
  pointer: string;
  /** One line in plain words. */
  message: string;
  /** One-line fix hint, e.g. `did you mean "age"?`. */
  hint?: string;
  /** Place the line:column on the property's name rather than its value (unknown and duplicate properties). */
  atKey?: boolean;
  severity: Severity;
}

/** A problem in a flow file, placed in its text. */
export interface FlowIssue {
  file: string;
  /** JSON pointer, e.g. /screens/age/next; '' for the file as a whole (syntax errors). */
  pointer: string;
  /** 1-based line of the offending value, or of its parent object when the property is missing. */
  line: number;
  /** 1-based column on that line. */
  column: number;
  message: string;
  hint?: string;
}

/** `flows/my-funnel.json:12:5 /screens/age/next: unknown screen "agee" — did you mean "age"?` */
export function formatIssue(issue: FlowIssue): string {
  const where = `${issue.file}:${issue.line}:${issue.column}${issue.pointer === '' ? '' : ` ${issue.pointer}`}`;
  return `${where}: ${issue.message}${issue.hint === undefined ? '' : ` — ${issue.hint}`}`;
}

/** An error finding (the common case), so checks stay short. */
export function error(pointer: string, message: string, hint?: string): Finding {
  return hint === undefined
    ? { pointer, message, severity: 'error' }
    : { pointer, message, hint, severity: 'error' };
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Joins a pointer and further segments. */
export function pointerOf(base: string, ...keys: (string | number)[]): string {
  return base + keys.map((key) => `/${pointerSegment(key)}`).join('');
}
