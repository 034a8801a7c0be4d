/**
 * The checker's findings as data: the same validateFlowText and translation check that
 * `npm run flow:check` runs, so the studio, the MCP server and the terminal never disagree about what
 * is wrong.
 */
import type { Flow } from '../flow.gen.ts';
import type { Severity } from '../validation/flow-issue.ts';
import { checkTranslations, type LanguageFileText } from '../validation/translation-check.ts';
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
  /** The language file the finding is in (flows/<flow>.<language>.json); absent: the flow file. */
  file?: string;
}

export interface FlowCheckResult {
  /** The flow, when the flow file has no error (warnings allowed; its language files may have some). */
  flow: Flow | null;
  /** Errors first, then warnings, each in file order. */
  findings: CheckFinding[];
  errors: number;
  warnings: number;
  /** No error and no warning: what `flow:check --strict` accepts. */
  clean: boolean;
}

function finding(severity: Severity, issue: FlowIssue, flowFile: string): CheckFinding {
  const { pointer, line, column, message, hint, file } = issue;
  return {
    severity,
    message,
    pointer,
    line,
    column,
    ...(hint === undefined ? {} : { hint }),
    ...(file === flowFile ? {} : { file }),
  };
}

export interface CheckFlowOptions {
  /** The name the checker prints (e.g. flows/my-funnel.json). */
  file: string;
  /**
   * The flow's language files (flows/<flow>.<language>.json, name and text), checked with it as
   * flow:check does once the flow itself is sound. Absent: the flow file alone is checked.
   */
  languageFiles?: readonly LanguageFileText[];
}

/** Checks a flow file's text, and its language files when they are given. */
export function checkFlow(text: string, options: CheckFlowOptions): FlowCheckResult {
  const checked = validateFlowText(text, { file: options.file });
  const { flow } = checked;
  const none = { flow, findings: [], errors: 0, warnings: 0, clean: true };
  const result = withFindings(none, findingsOf(checked, options.file));
  const { languageFiles } = options;
  return flow && languageFiles !== undefined
    ? withFindings(result, checkLanguageFiles(flow, text, { file: options.file, languageFiles }))
    : result;
}

/** The findings of a sound flow's language files (what checkFlow adds when it is given them). */
export function checkLanguageFiles(
  flow: Flow,
  text: string,
  options: Required<CheckFlowOptions>,
): CheckFinding[] {
  return findingsOf(checkTranslations(flow, options.file, text, options.languageFiles), options.file);
}

/** A checker's issues as findings, errors first. */
function findingsOf(
  issues: { errors: FlowIssue[]; warnings: FlowIssue[] },
  flowFile: string,
): CheckFinding[] {
  return [
    ...issues.errors.map((e) => finding('error', e, flowFile)),
    ...issues.warnings.map((w) => finding('warning', w, flowFile)),
  ];
}

/** A check's result with more findings (errors still first, then warnings), its counts to match. */
export function withFindings(result: FlowCheckResult, more: readonly CheckFinding[]): FlowCheckResult {
  const all = [...result.findings, ...more];
  const errors = all.filter((f) => f.severity === 'error');
  const warnings = all.filter((f) => f.severity !== 'error');
  return {
    flow: result.flow,
    findings: [...errors, ...warnings],
    errors: errors.length,
    warnings: warnings.length,
    clean: all.length === 0,
  };
}

/** `flows/x.json:12:5 /screens/age/next: unknown screen "agee" — did you mean "age"?`, as flow:check prints. */
export function formatFinding(file: string, f: CheckFinding): string {
  const where = `${f.file ?? file}:${f.line}:${f.column}${f.pointer === '' ? '' : ` ${f.pointer}`}`;
  const text = `${where}: ${f.message}${f.hint === undefined ? '' : ` — ${f.hint}`}`;
  return f.severity === 'warning' ? `warning: ${text}` : text;
}
