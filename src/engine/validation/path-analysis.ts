/**
 * The dataflow behind the path proofs. Every path a visitor can take (from `/`, from every deep link,
 * and from where a failed `requires` sends them) is covered without enumerating paths: the facts at
 * each screen are the meet over its incoming ways, iterated to a fixed point (the facts only shrink,
 * so loops terminate). A failed check is then explained by one shortest counterexample path.
 */
import type { Flow } from '../flow.gen.ts';
import { resolveRoute } from '../routes.ts';
import {
  assume,
  factOf,
  FRESH,
  isWritten,
  meet,
  ruleGuarantee,
  sameFacts,
  writeAnswers,
  writeData,
  type Facts,
} from './path-facts.ts';
import { screenModel, type Effect, type Read, type ScreenModel } from './screen-model.ts';

/** Where a visitor may begin, with what is known about them there. */
export interface Root {
  screen: string;
  /** How the visitor got there, naming the screen too: "/quiz/step-5", "/results (without what it requires) → photo". */
  label: string;
  facts: Facts;
}

/** A check the proofs make at one point: a read of stored data, or a Lead event. */
export type Check = { type: 'read'; read: Read } | { type: 'leadEvent'; pointer: string };

/** Reports each check with whether it holds at that point. */
export type OnCheck = (check: Check, holds: boolean, facts: Facts) => void;

/** The flow's screens as models, by id. */
export function screenModels(flow: Flow): Map<string, ScreenModel> {
  return new Map(Object.keys(flow.screens).map((id) => [id, screenModel(flow, id)]));
}

/**
 * The roots: the start screen, every screen with a route (every route and alias deep-links, not only
 * the `entry` ones), the not-found screen, and where a failed `requires` sends a deep-linked visitor.
 * A deep-linked visitor is fresh; a screen's `requires` adds what its rule proves, since it only
 * opens when the rule holds.
 */
export function rootsOf(flow: Flow): Root[] {
  const start = flow.screens[flow.start];
  const startRoute = start?.route === undefined ? flow.start : resolveRoute(start.route, flow.settings);
  const roots: Root[] = [{ screen: flow.start, label: startRoute, facts: FRESH }];
  for (const [id, screen] of Object.entries(flow.screens)) {
    if (screen.kind === 'not-found') {
      roots.push({ screen: id, label: 'an unknown path', facts: FRESH });
      continue;
    }
    if (screen.route === undefined || id === flow.start) continue;
    const label = resolveRoute(screen.route, flow.settings);
    if (screen.requires) {
      roots.push({ screen: id, label, facts: assume(FRESH, ruleGuarantee(screen.requires.when)) });
      const otherwise = screen.requires.otherwise;
      roots.push({
        screen: otherwise,
        label: `${label} (without what it requires) → ${otherwise}`,
        facts: FRESH,
      });
    } else {
      roots.push({ screen: id, label, facts: FRESH });
    }
  }
  return roots.filter((root) => Object.hasOwn(flow.screens, root.screen));
}

/** Whether a check holds with these facts. */
function checkHolds(check: Check, facts: Facts): boolean {
  if (check.type === 'leadEvent') return facts.lead;
  const { read } = check;
  const known = read.given === undefined ? facts : assume(facts, read.given);
  return isWritten(known, read.path, read.sample);
}

/** Applies effects in order, reporting every check on the way. */
export function runEffects(effects: readonly Effect[], facts: Facts, onCheck?: OnCheck): Facts {
  let now = facts;
  for (const effect of effects) {
    if (effect.type === 'answers') now = writeAnswers(now, effect.keys);
    else if (effect.type === 'data') now = writeData(now, effect.key);
    else if (effect.type === 'lead') now = { ...now, lead: true };
    else if (effect.type === 'assume') now = assume(now, effect.guarantee);
    else onCheck?.(effect, checkHolds(effect, now), now);
  }
  return now;
}

/** Runs one screen from its incoming facts: the facts it passes along each edge. */
export function visitScreen(
  model: ScreenModel,
  facts: Facts,
  onCheck?: OnCheck,
): { to: string; facts: Facts }[] {
  const entered = runEffects(model.enter, facts, onCheck);
  runEffects(model.view, entered, onCheck);
  return model.edges.flatMap((edge) => {
    const out = runEffects(edge.effects, entered, onCheck);
    return edge.to === undefined ? [] : [{ to: edge.to, facts: out }];
  });
}

/** The facts on arrival at every reachable screen, at the fixed point. */
export function arrivalFacts(
  flow: Flow,
  models: Map<string, ScreenModel>,
  roots: readonly Root[],
): Map<string, Facts> {
  const facts = new Map<string, Facts>();
  const work: string[] = [];
  const arrive = (id: string, incoming: Facts): void => {
    const model = models.get(id);
    if (model === undefined) return;
    // Arriving without what the screen requires sends the visitor on to `otherwise`, as she is.
    if (model.otherwise !== undefined && model.otherwise !== id) arrive(model.otherwise, incoming);
    const before = facts.get(id);
    const after = before === undefined ? incoming : meet(before, incoming);
    if (before !== undefined && sameFacts(before, after)) return;
    facts.set(id, after);
    if (!work.includes(id)) work.push(id);
  };
  for (const root of roots) arrive(root.screen, root.facts);
  for (let id = work.shift(); id !== undefined; id = work.shift()) {
    const model = models.get(id);
    const now = facts.get(id);
    if (model === undefined || now === undefined) continue;
    for (const out of visitScreen(model, now)) arrive(out.to, out.facts);
  }
  return facts;
}

/** The bits of one path's facts that decide a check (the search space of the counterexample). */
function stateKey(screen: string, facts: Facts, check: Check): string {
  const fact = check.type === 'read' ? factOf(check.read.path) : undefined;
  const has =
    fact === undefined
      ? false
      : fact.root === 'data'
        ? facts.data.has(fact.key)
        : (facts.answers?.has(fact.key) ?? false);
  return `${screen}|${facts.pristine}|${has}|${facts.lead}`;
}

/**
 * A shortest path on which `pointer`'s check fails, as [root label, the later screen ids…], or undefined. The
 * search runs over (screen, the facts that decide the check) pairs, so it is finite with loops too.
 */
export function counterexample(
  models: Map<string, ScreenModel>,
  roots: readonly Root[],
  pointer: string,
): string[] | undefined {
  interface Step {
    screen: string;
    facts: Facts;
    back: Step | undefined;
    label: string;
  }
  const pointerOf = (check: Check) => (check.type === 'read' ? check.read.pointer : check.pointer);
  const seen = new Set<string>();
  const queue: Step[] = [];
  const enqueue = (step: Step, check: Check) => {
    const key = stateKey(step.screen, step.facts, check);
    if (seen.has(key)) return;
    seen.add(key);
    queue.push(step);
  };
  let target: Check | undefined;
  // The check's own shape decides which facts matter; find it first.
  for (const model of models.values()) {
    for (const effect of [...model.enter, ...model.view, ...model.edges.flatMap((e) => e.effects)]) {
      if ((effect.type === 'read' || effect.type === 'leadEvent') && pointerOf(effect) === pointer)
        target = effect;
    }
  }
  if (target === undefined) return undefined;
  for (const root of roots)
    enqueue({ screen: root.screen, facts: root.facts, back: undefined, label: root.label }, target);
  for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
    const model = models.get(step.screen);
    if (model === undefined) continue;
    let failed = false;
    const outs = visitScreen(model, step.facts, (check, holds) => {
      if (!holds && pointerOf(check) === pointer) failed = true;
    });
    if (failed) {
      const path: string[] = [];
      for (let s: Step | undefined = step; s !== undefined; s = s.back) path.unshift(s.screen);
      return [step.label, ...path.slice(1)];
    }
    const current = step;
    for (const out of outs) {
      enqueue({ screen: out.to, facts: out.facts, back: current, label: current.label }, target);
      const otherwise = models.get(out.to)?.otherwise;
      if (otherwise !== undefined)
        enqueue({ screen: otherwise, facts: out.facts, back: current, label: current.label }, target);
    }
  }
  return undefined;
}
