/**
 * What a change to a flow file means for visitors, in the words of `npm run flow:diff` (screens,
 * transitions, routes, progress, options, copy, settings, scoring). A new text with checker errors is
 * still compared, so a screen that became unreachable shows up; its errors come with the summary.
 */
import type { Flow } from '../flow.gen.ts';
import { diffFlows } from '../validation/flow-diff.ts';
import { parseJsonSource } from '../validation/json-source.ts';
import { isFlow } from '../validation/schema-check.ts';
import { variantDiffs } from '../validation/variant-diff.ts';
import { validateFlowText, type FlowIssue } from '../validation/validate-flow.ts';

/** A flow text read for comparing: the flow when it has the flow's shape (graph errors allowed). */
export interface ComparableFlow {
  flow: Flow | null;
  /** The checker's errors (placed in `file`). */
  errors: FlowIssue[];
}

/** Reads a text for flow:diff: `flow` is null only when the text is not a flow this engine can read. */
export function comparableFlow(text: string, file: string): ComparableFlow {
  const { errors } = validateFlowText(text, { file });
  const { value } = parseJsonSource(text);
  return { flow: isFlow(value) ? value : null, errors };
}

export type DiffFlowResult =
  | { ok: true; lines: string[]; errors: FlowIssue[] }
  | { ok: false; message: string; errors: FlowIssue[] };

/** The flow:diff summary from `before` to `after` (and the errors of `after`). */
export function diffFlowTexts(before: string, after: string, options: { file: string }): DiffFlowResult {
  const old = comparableFlow(before, options.file);
  const now = comparableFlow(after, options.file);
  if (old.flow === null)
    return { ok: false, message: `the earlier version of ${options.file} is not a flow this engine can read`, errors: old.errors };
  if (now.flow === null)
    return { ok: false, message: `${options.file} is not a flow this engine can read`, errors: now.errors };
  return { ok: true, lines: diffFlows(old.flow, now.flow), errors: now.errors };
}

/** What each experiment variant of a flow changes, as `npm run flow:diff <flow.json>` prints it. */
export function diffVariants(text: string, options: { file: string }): DiffFlowResult {
  const { flow, errors } = comparableFlow(text, options.file);
  if (flow === null) return { ok: false, message: `${options.file} is not a flow this engine can read`, errors };
  return { ok: true, lines: variantDiffs(flow), errors };
}
