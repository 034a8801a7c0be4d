/**
 * Each screen as the path proofs see it: what it writes and reads, in the order the compiled machine
 * does it (see compile-flow.ts): `enter` actions on arrival; the copy shown; then, per way out, the
 * answers Continue stores, the submit's work, the guard of the chosen target and the `continue` actions.
 */
import type { Action, Flow, Screen } from '../flow.gen.ts';
import { NOT_COPY } from '../resolve-screen.ts';
import { placeholderReads } from '../template.ts';
import { pointerOf } from './flow-issue.ts';
import { ruleGuarantee, ruleReads, type Guarantee } from './path-facts.ts';

/** Something a screen reads from the visitor's answers or stored data. */
export interface Read {
  /** Dotted path, e.g. answers.age or data.assessmentData.age. */
  path: string;
  pointer: string;
  /** copy: a placeholder in text; rule: a `var` in a condition; action: a placeholder in an action's parameter. */
  what: 'copy' | 'rule' | 'action';
  /** The placeholder's format (`label`, decimals), so the hint can quote the placeholder whole. */
  format?: string;
  /** Answer keys the screen's sample answers supply when nothing is answered yet (copy and its conditions only). */
  sample?: ReadonlySet<string>;
  /** What the enclosing block's `when` proves: the block only shows when it holds. */
  given?: Guarantee;
}

/** One step of a screen, in order. */
export type Effect =
  | { type: 'answers'; keys: string[] }
  | { type: 'data'; key: string }
  | { type: 'lead' }
  | { type: 'assume'; guarantee: Guarantee }
  | { type: 'read'; read: Read }
  | { type: 'leadEvent'; pointer: string };

/** A way out of a screen; `to` undefined means the visitor leaves the funnel (an external redirect). */
export interface Edge {
  to: string | undefined;
  via: 'next' | 'after';
  effects: Effect[];
}

/** One screen as the proofs run it. */
export interface ScreenModel {
  enter: Effect[];
  /** The copy's reads, checked with the facts after `enter`. */
  view: Effect[];
  edges: Edge[];
  /** The screen sends the visitor to an external page, or is the not-found page: a path may end here. */
  final: boolean;
  /** Where a visitor who arrives without what the screen `requires` goes instead (with what she has). */
  otherwise?: string;
}

/** The pixel event that reports a lead to the ad network. */
export const LEAD_EVENT = 'Lead';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textReads(text: string, pointer: string, what: Read['what'], extra: Partial<Read>): Effect[] {
  return placeholderReads(text)
    .filter((read) => read.fallback === undefined)
    .map((read) => ({
      type: 'read',
      read: {
        path: read.path,
        pointer,
        what,
        ...(read.format === undefined ? {} : { format: read.format }),
        ...extra,
      },
    }));
}

function conditionReads(rule: unknown, pointer: string, extra: Partial<Read>): Effect[] {
  return ruleReads(rule, pointer)
    .filter((read) => !read.hasDefault)
    .map((read) => ({
      type: 'read',
      read: { path: read.path, pointer: read.pointer, what: 'rule', ...extra },
    }));
}

function joined(a: Guarantee | undefined, b: Guarantee): Guarantee {
  return a === undefined
    ? b
    : { answers: new Set([...a.answers, ...b.answers]), data: new Set([...a.data, ...b.data]) };
}

/** The reads of the copy, walked like resolveScreen walks it; a block's `when` covers what it shows. */
function copyReads(node: unknown, pointer: string, extra: Partial<Read>, isOption = false): Effect[] {
  if (typeof node === 'string') return textReads(node, pointer, 'copy', extra);
  if (Array.isArray(node))
    return node.flatMap((item, i) => copyReads(item, pointerOf(pointer, i), extra, isOption));
  if (!isRecord(node)) return [];
  const when = node['when'];
  const inner = when === undefined ? extra : { ...extra, given: joined(extra.given, ruleGuarantee(when)) };
  const own = when === undefined ? [] : conditionReads(when, pointerOf(pointer, 'when'), extra);
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) => {
      if (isOption) return key === 'label' ? copyReads(value, pointerOf(pointer, key), inner) : [];
      if (key === 'options') return copyReads(value, pointerOf(pointer, key), inner, true);
      return NOT_COPY.has(key) ? [] : copyReads(value, pointerOf(pointer, key), inner);
    }),
  ];
}

/** A list of flow actions as effects: stores, lead saves, Lead events and the placeholders they read. */
function actionEffects(actions: Action[] | undefined, pointer: string): Effect[] {
  return (actions ?? []).flatMap((action, i): Effect[] => {
    const at = pointerOf(pointer, i);
    switch (action.type) {
      case 'storeData':
        // A stored record copies what exists; an absent answer is simply left out of it.
        return [{ type: 'data', key: action.params.key }];
      case 'saveLead':
        return [{ type: 'lead' }];
      case 'pixel':
        return action.params.event === LEAD_EVENT
          ? [{ type: 'leadEvent', pointer: pointerOf(at, 'params', 'event') }]
          : [];
      case 'redirect':
        return textReads(action.params.url, pointerOf(at, 'params', 'url'), 'action', {});
      case 'log':
        return textReads(action.params.message, pointerOf(at, 'params', 'message'), 'action', {});
      default:
        return [];
    }
  });
}

/** Answers a screen surely holds once Continue is taken (its guard and the stored defaults see to it). */
function answersOnContinue(screen: Screen): string[] {
  switch (screen.kind) {
    case 'slider':
    case 'multi-select':
      return [screen.answer];
    case 'single-choice':
      return screen.required === false ? [] : [screen.answer];
    case 'form':
      return screen.fields
        .filter((f) => f.required === true || (f.mustContain ?? '') !== '')
        .map((f) => f.name);
    default:
      return [];
  }
}

/** Whether Continue can ever be taken on this screen. */
export function canContinue(screen: Screen): boolean {
  if (screen.kind === 'redirect' || screen.kind === 'not-found') return false;
  if (screen.kind === 'multi-select') return (screen.minSelected ?? 0) <= screen.options.length;
  return true;
}

/** The model of one screen. */
export function screenModel(flow: Flow, id: string): ScreenModel {
  const screen = flow.screens[id];
  const base = pointerOf('/screens', id);
  if (screen === undefined) return { enter: [], view: [], edges: [], final: false };
  // A screen with `requires` opens only when its rule holds, however the visitor arrives (the runtime
  // checks it on Continue, timers, deep links, reloads and Back alike), so what the rule proves is known
  // before its `enter` actions and copy; a visitor without it goes to `otherwise` instead.
  const requires = 'requires' in screen ? screen.requires : undefined;
  const required: Effect[] = requires ? [{ type: 'assume', guarantee: ruleGuarantee(requires.when) }] : [];
  const enter = [...required, ...actionEffects(screen.enter, pointerOf(base, 'enter'))];
  const otherwise = requires?.otherwise;
  const sample =
    'sampleAnswers' in screen && screen.sampleAnswers
      ? new Set(Object.keys(screen.sampleAnswers))
      : undefined;
  const view = copyReads(screen, base, sample === undefined ? {} : { sample });
  if (screen.kind === 'not-found')
    return { enter, view, edges: [], final: true, ...(otherwise ? { otherwise } : {}) };

  const onward = actionEffects(screen.continue, pointerOf(base, 'continue'));
  const targets =
    typeof screen.next === 'string'
      ? [{ to: screen.next, when: undefined, at: '' }]
      : (screen.next ?? []).map((t, i) => ({
          to: t.to,
          when: t.when,
          at: pointerOf(base, 'next', i, 'when'),
        }));
  const guarded = (t: (typeof targets)[number]): Effect[] =>
    t.when === undefined
      ? []
      : [...conditionReads(t.when, t.at, {}), { type: 'assume', guarantee: ruleGuarantee(t.when) }];

  const edges: Edge[] = [];
  if (canContinue(screen)) {
    const submit = 'submit' in screen ? screen.submit : undefined;
    const work: Effect[] = [{ type: 'answers', keys: answersOnContinue(screen) }];
    if (submit?.actor === 'saveLead') work.push({ type: 'lead' });
    // A failed analysis that carries on stores nothing, so the store is sure only when failure stays put.
    if (submit?.actor === 'analyzePhoto' && submit.store !== undefined && submit.onError === 'stay')
      work.push({ type: 'data', key: submit.store });
    for (const t of targets)
      edges.push({ to: t.to, via: 'next', effects: [...work, ...guarded(t), ...onward] });
  }
  if ('after' in screen) {
    if (screen.after.to !== undefined) edges.push({ to: screen.after.to, via: 'after', effects: onward });
    else if (targets.length > 0)
      for (const t of targets) edges.push({ to: t.to, via: 'after', effects: [...guarded(t), ...onward] });
    else edges.push({ to: undefined, via: 'after', effects: onward });
  }
  const leaves = [...(screen.enter ?? []), ...(screen.continue ?? [])].some((a) => a.type === 'redirect');
  return { enter, view, edges, final: leaves, ...(otherwise ? { otherwise } : {}) };
}
