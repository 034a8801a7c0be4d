/**
 * Warnings: things that don't break the funnel but look broken to a visitor. They are printed by
 * `npm run flow:check` and fail it only with `--strict`.
 * - the progress bar moves backwards from one screen to the next (on the main path from `/` or on
 *   another chain);
 * - Continue can do nothing: every target in `next` has a rule, and none may hold.
 */
import type { Flow, Screen } from '../flow.gen.ts';
import { pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';
import { screenModels } from './path-analysis.ts';

/** A progress value as a fraction of the bar, or undefined when the screen shows no bar. */
export function progressFraction(screen: Screen | undefined): number | undefined {
  const progress = screen?.progress;
  if (progress === undefined) return undefined;
  if (progress === 'full') return 1;
  return progress.of > 0 ? progress.step / progress.of : undefined;
}

/** "7/13" or "full". */
export function showProgress(screen: Screen | undefined): string {
  const progress = screen?.progress;
  if (progress === undefined) return 'none';
  return progress === 'full' ? 'full' : `${progress.step}/${progress.of}`;
}

function warning(pointer: string, message: string, hint: string): Finding {
  return { pointer, message, hint, severity: 'warning' };
}

/**
 * The screens reached from `id` by Continue or a timer, looking through screens without a bar
 * (a visitor compares the bar with the last one they saw).
 */
function nextWithBar(flow: Flow, onward: Map<string, string[]>, id: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = [...(onward.get(id) ?? [])];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    if (seen.has(at)) continue;
    seen.add(at);
    if (progressFraction(flow.screens[at]) !== undefined) found.add(at);
    else queue.push(...(onward.get(at) ?? []));
  }
  return found;
}

/** The progress bar never moves backwards along any path; on the main path from `/` it says so. */
export const checkProgressOrder: FlowCheck = (flow) => {
  const models = screenModels(flow);
  const onward = new Map<string, string[]>();
  for (const [id, model] of models)
    onward.set(
      id,
      model.edges.flatMap((edge) => (edge.to === undefined ? [] : [edge.to])),
    );
  const main = new Set<string>();
  const queue = [flow.start];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (main.has(id)) continue;
    main.add(id);
    queue.push(...(onward.get(id) ?? []));
  }
  const found: Finding[] = [];
  for (const [id, screen] of Object.entries(flow.screens)) {
    const before = progressFraction(screen);
    if (before === undefined) continue;
    for (const later of nextWithBar(flow, onward, id)) {
      const after = progressFraction(flow.screens[later]);
      if (after === undefined || after >= before) continue;
      const where = main.has(id) ? 'on the main path from /' : 'on a path from a deep link';
      found.push(
        warning(
          pointerOf('/screens', later, 'progress'),
          `the progress bar goes back ${where}: ${showProgress(screen)} on "${id}", then ${showProgress(flow.screens[later])} on "${later}"`,
          `raise this screen's progress or lower "${id}"'s, so the bar only moves forward`,
        ),
      );
    }
  }
  return found;
};

/** Continue always leads somewhere: a list of guarded targets should end with one without `when`. */
export const checkWayOut: FlowCheck = (flow) =>
  Object.entries(flow.screens).flatMap(([id, screen]) => {
    if (screen.kind === 'not-found' || typeof screen.next === 'string' || screen.next === undefined)
      return [];
    if ('after' in screen && screen.after.to !== undefined) return [];
    if (screen.next.some((target) => target.when === undefined)) return [];
    return [
      warning(
        pointerOf('/screens', id, 'next'),
        `every target in "next" has a rule: when none holds, Continue does nothing and the visitor is stuck on "${id}"`,
        'end the list with a target without "when", e.g. { "to": "…" }',
      ),
    ];
  });

/** The warnings, in the order they report. */
export const FLOW_WARNINGS: readonly FlowCheck[] = [checkProgressOrder, checkWayOut];
