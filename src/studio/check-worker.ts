/**
 * The checker, off the studio's main thread: the same checks as `npm run flow:check` (flow-edit's
 * checkFlow), and the map with their findings pinned, run on the file's text after every edit. Only
 * the newest text matters, so a text queued behind a running check replaces the one before it.
 */
import { checkFlow } from '../engine/flow-edit/check-flow.ts';
import { flowGraphOfText } from '../engine/flow-edit/flow-graph.ts';
import type { CheckRequest, CheckResult } from './check-messages.ts';

let waiting: CheckRequest | undefined;
let busy = false;

function run(): void {
  const request = waiting;
  if (request === undefined || busy) return;
  waiting = undefined;
  busy = true;
  const started = performance.now();
  const check = checkFlow(request.text, { file: request.file });
  const graph = flowGraphOfText(request.text, check.findings);
  const result: CheckResult = { id: request.id, text: request.text, check, graph, ms: performance.now() - started };
  self.postMessage(result);
  busy = false;
  setTimeout(run, 0);
}

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  waiting = event.data;
  setTimeout(run, 0);
};
