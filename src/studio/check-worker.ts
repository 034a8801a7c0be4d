/**
 * The checker, off the studio's main thread: the same checks as `npm run flow:check` (flow-edit's
 * checkFlow), and the map with their findings pinned, run on the file's text after every edit. Only
 * the newest text matters, so a text queued behind a running check replaces the one before it.
 *
 * The language files are checked once the text has rested for LANGUAGE_CHECK_QUIET_MS (the check
 * reads every translatable text of the flow: tens of ms that would compete with the preview while she
 * types); until then, each result carries the findings of their last check.
 */
import {
  checkFlow,
  checkLanguageFiles,
  withFindings,
  type CheckFinding,
  type FlowCheckResult,
} from '../engine/flow-edit/check-flow.ts';
import { flowGraphOfText } from '../engine/flow-edit/flow-graph.ts';
import type { Flow } from '../engine/flow-model.ts';
import type { CheckRequest, CheckResult } from './check-messages.ts';

const LANGUAGE_CHECK_QUIET_MS = 400;

let waiting: CheckRequest | undefined;
let busy = false;
let newest = 0;
let languageFindings: CheckFinding[] = [];
let languageTimer: ReturnType<typeof setTimeout> | undefined;

function run(): void {
  const request = waiting;
  if (request === undefined || busy) return;
  waiting = undefined;
  busy = true;
  const started = performance.now();
  const check = checkFlow(request.text, { file: request.file });
  const graph = flowGraphOfText(request.text, check.findings);
  const { flow } = check;
  const carried = flow && request.languageFiles !== undefined ? languageFindings : [];
  const result: CheckResult = {
    id: request.id,
    text: request.text,
    check: withFindings(check, carried),
    graph,
    ms: performance.now() - started,
  };
  self.postMessage(result);
  busy = false;
  clearTimeout(languageTimer);
  if (flow && request.languageFiles !== undefined)
    languageTimer = setTimeout(() => checkLanguages(request, flow, check, result), LANGUAGE_CHECK_QUIET_MS);
  setTimeout(run, 0);
}

/** The language files' check of a text that has rested: its result again, with their new findings. */
function checkLanguages(request: CheckRequest, flow: Flow, own: FlowCheckResult, shown: CheckResult): void {
  const { id, text, file, languageFiles } = request;
  if (id !== newest || languageFiles === undefined) return;
  const started = performance.now();
  languageFindings = checkLanguageFiles(flow, text, { file, languageFiles });
  const result: CheckResult = {
    ...shown,
    check: withFindings(own, languageFindings),
    ms: shown.ms + performance.now() - started,
  };
  self.postMessage(result);
}

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  waiting = event.data;
  newest = event.data.id;
  setTimeout(run, 0);
};
