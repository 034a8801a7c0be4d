/**
 * Validates a flow file's text: JSON syntax, then the schema, then the checks the schema can't express.
 * Every finding is placed at its line:column. Node/build-time only (ajv must not ship to the browser).
 */
import type { Flow } from '../flow.gen.ts';
import { flowVersionProblem, SUPPORTED_FLOW_VERSIONS } from '../flow-version.ts';
import { checkBands } from './band-check.ts';
import { checkClaims } from './claim-check.ts';
import { experimentFindings } from './experiment-check.ts';
import { checkNumberSettings } from './format-check.ts';
import { error, type FlowIssue, type Finding } from './flow-issue.ts';
import {
  checkReachable,
  checkRedirectExits,
  checkRoutes,
  checkTargets,
  type FlowCheck,
} from './graph-check.ts';
import { parseJsonSource } from './json-source.ts';
import { checkLogic } from './logic-check.ts';
import { checkFieldRules } from './field-check.ts';
import { checkOptionValues } from './option-check.ts';
import { PATH_PROOFS } from './path-proofs.ts';
import { FLOW_WARNINGS } from './progress-check.ts';
import { checkDataKeys, checkReferences } from './reference-check.ts';
import { checkRedirectUrls } from './redirect-check.ts';
import { checkSampleImages } from './sample-images-check.ts';
import { isFlow, schemaFindings } from './schema-check.ts';
import { checkJourneySteps } from './tracking-check.ts';
import { checkLeadResult } from './lead-result-check.ts';

export type { FlowIssue } from './flow-issue.ts';
export { formatIssue } from './flow-issue.ts';

/** The checks run on every schema-valid flow, in order. */
export const FLOW_CHECKS: readonly FlowCheck[] = [
  checkTargets,
  checkRoutes,
  checkReachable,
  checkRedirectExits,
  checkRedirectUrls,
  checkDataKeys,
  checkReferences,
  checkLogic,
  checkOptionValues,
  checkFieldRules,
  checkJourneySteps,
  checkLeadResult,
  checkNumberSettings,
  checkBands,
  checkClaims,
];

/**
 * The checks of every path a visitor can take, and the warnings. They run once FLOW_CHECKS find no
 * error: on a graph with a dangling target every proof would only repeat that one mistake.
 */
export const PATH_CHECKS: readonly FlowCheck[] = [...PATH_PROOFS, ...FLOW_WARNINGS, checkSampleImages];

/** An unknown format version is the only finding: the rest of the file may follow another format. */
function versionFinding(value: unknown): Finding | undefined {
  if (typeof value !== 'object' || value === null || !('version' in value)) return undefined;
  const problem = flowVersionProblem(value.version);
  if (problem === undefined) return undefined;
  const supported = SUPPORTED_FLOW_VERSIONS.join(' or ');
  return error(
    '/version',
    `unknown flow format: ${problem}`,
    `set "version": ${supported} if the file follows that format, or run it with an engine that knows its version`,
  );
}

export interface ValidateFlowOptions {
  /** The file name issues carry, e.g. flows/my-funnel.json. */
  file: string;
  /** Result keys some code computes besides the flow's computations (none for a flow-only funnel). */
  resultKeys?: readonly string[];
  /** Further checks (e.g. path proofs), run after the built-in ones. */
  checks?: readonly FlowCheck[];
}

export interface ValidateFlowResult {
  /** The flow, only when there is no error. */
  flow: Flow | null;
  errors: FlowIssue[];
  /** Findings that don't block (a build fails on them only under --strict). */
  warnings: FlowIssue[];
}

/** Validates the text of a flow file; `flow` is non-null only when there are no errors. */
export function validateFlowText(text: string, options: ValidateFlowOptions): ValidateFlowResult {
  const source = parseJsonSource(text);
  const place = (finding: Finding): FlowIssue => {
    const { line, column } = source.locate(finding.pointer, finding.atKey);
    const issue: FlowIssue = {
      file: options.file,
      pointer: finding.pointer,
      line,
      column,
      message: finding.message,
    };
    return finding.hint === undefined ? issue : { ...issue, hint: finding.hint };
  };
  if (source.syntaxError) {
    const { line, column, pointer, message, hint } = source.syntaxError;
    return {
      flow: null,
      errors: [
        { file: options.file, pointer, line, column, message, ...(hint === undefined ? {} : { hint }) },
      ],
      warnings: [],
    };
  }

  const findings: Finding[] = [...source.duplicateKeys];
  const value = source.value;
  let flow: Flow | null = null;
  const badVersion = versionFinding(value);
  if (badVersion) {
    findings.push(badVersion);
  } else if (isFlow(value)) {
    const context = {
      resultKeys: [...Object.keys(value.computations ?? {}), ...(options.resultKeys ?? [])],
    };
    for (const check of [...FLOW_CHECKS, ...(options.checks ?? [])]) findings.push(...check(value, context));
    if (!findings.some((f) => f.severity === 'error'))
      for (const check of PATH_CHECKS) findings.push(...check(value, context));
    // Every experiment variant is proved like the base flow (only once the base flow itself is sound).
    if (!findings.some((f) => f.severity === 'error'))
      findings.push(
        ...experimentFindings(
          value,
          context,
          [[...FLOW_CHECKS, ...(options.checks ?? [])], PATH_CHECKS],
          findings,
        ),
      );
    flow = value;
  } else {
    findings.push(...schemaFindings(value));
  }

  const byPosition = (a: FlowIssue, b: FlowIssue) => a.line - b.line || a.column - b.column;
  const errors = findings
    .filter((f) => f.severity === 'error')
    .map(place)
    .sort(byPosition);
  const warnings = findings
    .filter((f) => f.severity === 'warning')
    .map(place)
    .sort(byPosition);
  return { flow: errors.length === 0 ? flow : null, errors, warnings };
}
