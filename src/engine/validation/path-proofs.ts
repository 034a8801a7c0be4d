/**
 * Path proofs: properties of every path a visitor can take, from `/` and from every deep link.
 * - every answer or stored data a screen's copy, conditions or actions read is written first on every
 *   path (or the read declares a fallback: `{answers.x|…}`, `{ "var": ["answers.x", …] }`, the
 *   screen's sampleAnswers for a visitor who has answered nothing, or what its `requires` proves);
 * - a lead is saved before every Lead pixel event;
 * - from every reachable screen some path ends in a final screen (an external redirect, or not-found).
 * They run once the graph is sound (validate-flow), so they never echo a dangling target.
 */
import type { Flow } from '../flow.gen.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';
import {
  arrivalFacts,
  counterexample,
  rootsOf,
  screenModels,
  visitScreen,
  type Check,
  type Root,
} from './path-analysis.ts';
import { factOf } from './path-facts.ts';
import { canContinue, type ScreenModel } from './screen-model.ts';

/** The checks that fail at the fixed point, by pointer (a check repeated on several edges is one). */
function failedChecks(flow: Flow): {
  failed: Map<string, Check>;
  models: Map<string, ScreenModel>;
  flow: Flow;
} {
  const models = screenModels(flow);
  const facts = arrivalFacts(flow, models, rootsOf(flow));
  const failed = new Map<string, Check>();
  for (const [id, arrival] of facts) {
    const model = models.get(id);
    if (model === undefined) continue;
    visitScreen(model, arrival, (check, holds) => {
      const pointer = check.type === 'read' ? check.read.pointer : check.pointer;
      if (!holds && !failed.has(pointer)) failed.set(pointer, check);
    });
  }
  return { failed, models, flow };
}

/** A counterexample, from `/` when the main path has one (the path most visitors take), else from any root. */
function explain(
  models: Map<string, ScreenModel>,
  roots: readonly Root[],
  pointer: string,
): string[] | undefined {
  const [start] = roots;
  return (start && counterexample(models, [start], pointer)) ?? counterexample(models, roots, pointer);
}

/** "/quiz/step-5 → treatments → … → reveal", shortened in the middle when long. */
function describePath(path: string[] | undefined): string {
  if (path === undefined) return 'on some path';
  const shown = path.length > 9 ? [...path.slice(0, 4), '…', ...path.slice(-4)] : path;
  return `on the path ${shown.join(' → ')}`;
}

function readFinding(check: Extract<Check, { type: 'read' }>, path: string[] | undefined): Finding {
  const { read } = check;
  const fact = factOf(read.path);
  // The placeholder as written, format included: the fix keeps `{answers.roof:label|…}`'s `:label`.
  const written = read.format === undefined ? read.path : `${read.path}:${read.format}`;
  const what = read.what === 'rule' ? `"${read.path}"` : `"{${written}}"`;
  const stored =
    fact?.root === 'data'
      ? `nothing stores "${fact.key}" first`
      : `no screen asks for "${fact?.key ?? read.path}" first`;
  const fallback =
    read.what === 'rule'
      ? `give the rule a default, { "var": ["${read.path}", …] }`
      : `give it a fallback, {${written}|…}`;
  const hint =
    fact?.root === 'data'
      ? `store it earlier on every path, let the screen "requires" it, or ${fallback}`
      : `ask for it earlier on every path, or ${fallback}`;
  return error(read.pointer, `${what} may be missing here: ${describePath(path)}, ${stored}`, hint);
}

/** Every read of answers or stored data is written first on every path that reaches it. */
export const checkReadsWritten: FlowCheck = (flow) => {
  const { failed, models } = failedChecks(flow);
  const roots = rootsOf(flow);
  return [...failed].flatMap(([pointer, check]) =>
    check.type === 'read' ? [readFinding(check, explain(models, roots, pointer))] : [],
  );
};

/** A lead is saved (saveLead action, or a form submitted to saveLead) before every Lead pixel event. */
export const checkLeadFirst: FlowCheck = (flow) => {
  const { failed, models } = failedChecks(flow);
  const roots = rootsOf(flow);
  return [...failed].flatMap(([pointer, check]) =>
    check.type === 'leadEvent'
      ? [
          error(
            pointer,
            `the Lead event can fire before any lead is saved: ${describePath(explain(models, roots, pointer))}`,
            'put { "type": "saveLead" } before it (or submit the form with "actor": "saveLead"), or move the event after the lead form',
          ),
        ]
      : [],
  );
};

/** Screens reachable from `from` over the models' edges. */
function reachableFrom(models: Map<string, ScreenModel>, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of models.get(id)?.edges ?? []) if (edge.to !== undefined) queue.push(edge.to);
  }
  return seen;
}

function onwardOf(models: Map<string, ScreenModel>, id: string): string[] {
  return [
    ...new Set((models.get(id)?.edges ?? []).flatMap((edge) => (edge.to === undefined ? [] : [edge.to]))),
  ];
}

/** The finding for a trap: a dead end, or the loop `loop` that never ends. */
function trapFinding(flow: Flow, models: Map<string, ScreenModel>, id: string, loop: string[]): Finding {
  const screen = flow.screens[id];
  if (screen?.kind === 'multi-select' && !canContinue(screen)) {
    return error(
      pointerOf('/screens', id, 'minSelected'),
      `screen "${id}" is a dead end: it needs ${screen.minSelected ?? 0} choices but offers ${screen.options.length}, so Continue can never be taken`,
      'lower "minSelected" or add options',
    );
  }
  const message =
    onwardOf(models, id).length === 0
      ? `screen "${id}" is a dead end: there is no way on from it, and it neither redirects nor is the not-found page`
      : `no path from screen "${id}" ever ends: it goes round the loop ${[id, ...loop, id].join(' → ')} with no way out`;
  const hint =
    'lead it (or a screen of the loop) on to a screen that ends the funnel, e.g. one with a { "type": "redirect" } action';
  return { ...error(pointerOf('/screens', id), message, hint), atKey: true };
}

/**
 * From every reachable screen some path ends in a final screen: no dead end, no loop without a way
 * out (a loop with a way out is fine: the visitor chooses). Final screens send the visitor to an
 * external page, or are the not-found page. Only the traps themselves are reported (the dead end, the
 * screens of the closed loop), not every screen that leads into them.
 */
export const checkExits: FlowCheck = (flow) => {
  const models = screenModels(flow);
  const into = new Map<string, string[]>();
  for (const id of models.keys())
    for (const to of onwardOf(models, id)) into.set(to, [...(into.get(to) ?? []), id]);
  const ends = new Set<string>();
  const queue = [...models].filter(([, model]) => model.final).map(([id]) => id);
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (ends.has(id)) continue;
    ends.add(id);
    queue.push(...(into.get(id) ?? []));
  }
  const stuck = [
    ...reachableFrom(
      models,
      rootsOf(flow).map((root) => root.screen),
    ),
  ].filter((id) => !ends.has(id));
  return stuck.flatMap((id) => {
    // A trap: every screen it leads to leads back to it (a closed loop), or it leads nowhere.
    const ahead = [...reachableFrom(models, onwardOf(models, id))];
    if (!ahead.every((other) => reachableFrom(models, onwardOf(models, other)).has(id))) return [];
    return [
      trapFinding(
        flow,
        models,
        id,
        ahead.filter((other) => other !== id),
      ),
    ];
  });
};

/** The path proofs, in the order they report. */
export const PATH_PROOFS: readonly FlowCheck[] = [checkExits, checkReadsWritten, checkLeadFirst];
