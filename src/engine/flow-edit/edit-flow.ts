/**
 * An edit to a flow file: JSON Patch operations in, the new text out (minimal text edits, see
 * ./patch-text.ts), checked before and after. An edit that adds a checker error is refused unless it is
 * a draft, so an agent or a marketer can't make the funnel worse by accident, but can still save work
 * in progress. The file's own text is never re-serialised.
 */
import { checkFlow, type CheckFinding, type FlowCheckResult } from './check-flow.ts';
import { patchText, type JsonPatchOp, type PatchProblem } from './patch-text.ts';

export interface EditFlowOptions {
  /** The file name findings carry, e.g. flows/my-funnel.json. */
  file: string;
  /** Allow an edit that adds errors (a draft the build will refuse until it is fixed). */
  draft?: boolean;
}

/** Which lines changed: `removed` lines from `firstLine` on were replaced by `added` lines. */
export interface LineChange {
  firstLine: number;
  removed: number;
  added: number;
}

export type EditFlowResult =
  | {
      ok: true;
      text: string;
      lines: LineChange;
      /** The check of the new text. */
      check: FlowCheckResult;
      /** Errors the edit added (only ever non-empty in draft mode). */
      addedErrors: CheckFinding[];
    }
  | {
      ok: false;
      /** `patch`: an operation could not be applied; `adds-errors`: refused outside draft mode. */
      reason: 'patch' | 'adds-errors';
      message: string;
      problem?: PatchProblem;
      addedErrors: CheckFinding[];
      /** The check of the text the edit would have produced (for `adds-errors`). */
      check?: FlowCheckResult;
    };

/** The changed block of lines between two texts (common head and tail left out). */
export function lineChange(before: string, after: string): LineChange {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
    tail++;
  return { firstLine: head + 1, removed: a.length - head - tail, added: b.length - head - tail };
}

/** The errors of `after` that `before` did not have (by pointer and message, counted). */
function addedErrors(before: FlowCheckResult, after: FlowCheckResult): CheckFinding[] {
  const key = (f: CheckFinding) => `${f.pointer}\u0000${f.message}`;
  const seen = new Map<string, number>();
  for (const f of before.findings) if (f.severity === 'error') seen.set(key(f), (seen.get(key(f)) ?? 0) + 1);
  return after.findings.filter((f) => {
    if (f.severity !== 'error') return false;
    const left = seen.get(key(f)) ?? 0;
    seen.set(key(f), left - 1);
    return left <= 0;
  });
}

/** Applies the operations (all or nothing) and checks the result. */
export function editFlow(text: string, ops: readonly JsonPatchOp[], options: EditFlowOptions): EditFlowResult {
  const patched = patchText(text, ops);
  if (!patched.ok) {
    const { index, op, path, message } = patched.problem;
    return {
      ok: false,
      reason: 'patch',
      message: `operation ${index} (${op} ${path}): ${message}`,
      problem: patched.problem,
      addedErrors: [],
    };
  }
  const after = checkFlow(patched.text, { file: options.file });
  const added = addedErrors(checkFlow(text, { file: options.file }), after);
  if (added.length > 0 && options.draft !== true)
    return {
      ok: false,
      reason: 'adds-errors',
      message: `refused: the edit adds ${added.length} error(s); fix them in the same edit, or pass draft to save it anyway`,
      addedErrors: added,
      check: after,
    };
  return { ok: true, text: patched.text, lines: lineChange(text, patched.text), check: after, addedErrors: added };
}
