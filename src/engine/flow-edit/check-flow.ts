/**
 * The checker's findings as data: the same validateFlowText that `npm run flow:check` runs, so the
 * studio, the MCP server and the terminal never disagree about what is wrong.
 */
import type { Flow } from '../flow.gen.ts';
import type { Severity } from '../validation/flow-issue.ts';
import { validateFlowText, type FlowIssue } from '../validation/validate-flow.ts';

/** One finding, placed in the file: where (JSON pointer and 1-based line:column), what, and a fix hint. */
export interface CheckFinding {
  severity: Severity;
  message: string;
  /** JSON pointer, e.g. /screens/age/next; '' for the file as a whole (a syntax error). */
  pointer: string;
  line: number;
  column: number;
  hint?: string;
}

export interface FlowCheckResult {
  /** The flow, when it has no error (warnings allowed). */
  flow: Flow | null;
  /** Errors first, then warnings, each in file order. */
  findings: CheckFinding[];
  errors: number;
  warnings: number;
  /** No error and no warning: what `flow:check --strict` accepts. */
  clean: boolean;
}

function finding(severity: Severity, issue: FlowIssue): CheckFinding {
  const { pointer, line, column, message, hint } = issue;
  return { severity, message, pointer, line, column, ...(hint === undefined ? {} : { hint }) };
}

/** Checks a flow file's text; `file` is the name the checker would print (e.g. flows/my-funnel.json). */
export function checkFlow(text: string, options: { file: string }): FlowCheckResult {
  const { flow, errors, warnings } = validateFlowText(text, { file: options.file });
  return {
    flow,
    findings: [...errors.map((e) => finding('error', e)), ...warnings.map((w) => finding('warning', w))],
    errors: errors.length,
    warnings: warnings.length,
    clean: errors.length === 0 && warnings.length === 0,
  };
}

/** `flows/x.json:12:5 /screens/age/next: unknown screen "agee" — did you mean "age"?`, as flow:check prints. */
export function formatFinding(file: string, f: CheckFinding): string {
  const where = `${file}:${f.line}:${f.column}${f.pointer === '' ? '' : ` ${f.pointer}`}`;
  const text = `${where}: ${f.message}${f.hint === undefined ? '' : ` — ${f.hint}`}`;
  return f.severity === 'warning' ? `warning: ${text}` : text;
}
