/**
 * Imported first by main.tsx, so it runs before React loads: no Error created while the entry module
 * loads records a stack, until main.tsx calls `restoreStacks()` once its imports are in.
 *
 * Why: React creates a few sentinel errors as it loads (their stacks are never read). With DevTools'
 * Runtime domain on (any measurement driven through the DevTools protocol, ours and an auditor's), each
 * Error created records its stack with line and column, and V8 re-parses every function on the stack to
 * find them: here the whole entry module, one long task of 180-250 ms at 4× CPU in which a tap shows
 * nothing (about 60 ms without DevTools). With `Error.stackTraceLimit` absent, V8 records no stack.
 */
const limit = Error.stackTraceLimit;
const had = Object.hasOwn(Error, 'stackTraceLimit');
delete (Error as { stackTraceLimit?: number }).stackTraceLimit;

/** Errors record their stacks again, as before. */
export function restoreStacks(): void {
  if (had) Error.stackTraceLimit = limit;
}
