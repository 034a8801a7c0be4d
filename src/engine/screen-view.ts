/**
 * What the UI needs from a machine snapshot: which screen, resolved for display, and its state.
 */
import type { FunnelSnapshot } from './compile-flow.ts';
import type { Answers, Flow, Screen } from './flow-model.ts';
import type { NumberStyle } from './number-format.ts';
import { resolveScreen } from './resolve-screen.ts';
import type { ScopeBuilder } from './scope.ts';

/** The id of the screen the machine is on, or undefined while it boots. */
export function currentScreenId(snapshot: FunnelSnapshot): string | undefined {
  const value: unknown = snapshot.value;
  if (typeof value === 'string') return value === 'boot' ? undefined : value;
  if (value !== null && typeof value === 'object') return Object.keys(value)[0];
  return undefined;
}

export interface ScreenView {
  id: string;
  /** The screen with placeholders resolved and hidden blocks removed. */
  screen: Screen;
  answers: Answers;
  canContinue: boolean;
  busy: boolean;
  error: string | null;
  /** The form field `error` is about, or null. */
  errorField: string | null;
  photo: string | null;
  /** How the flow writes numbers (settings.locale, settings.currency), for figures drawn by a renderer. */
  numbers?: NumberStyle;
}

export function screenView(
  snapshot: FunnelSnapshot,
  flow: Flow,
  scopeFor: ScopeBuilder,
): ScreenView | undefined {
  const id = currentScreenId(snapshot);
  const screen = id === undefined ? undefined : flow.screens[id];
  if (id === undefined || !screen) return undefined;
  const { context } = snapshot;
  return {
    id,
    screen: resolveScreen(screen, scopeFor(context, screen)),
    answers: context.answers,
    canContinue: snapshot.can({ type: 'CONTINUE' }),
    busy: snapshot.hasTag('busy'),
    error: context.error,
    errorField: context.errorField,
    photo: context.photo,
    numbers: flow.settings,
  };
}

const readsResultOf = new WeakMap<Screen, boolean>();

/**
 * Whether a screen shows or decides on the computed result, or writes a number in a number format
 * (so it must wait for the result code, which brings both).
 * Ask it of the flow's own screen, not a resolved one: resolving has already replaced the result's
 * placeholders (with nothing, before the result code is in). Remembered per screen object.
 */
export function readsResult(screen: Screen): boolean {
  let reads = readsResultOf.get(screen);
  if (reads === undefined) {
    // A number format (`{answers.panels:number}`) comes with the result code too (template.ts).
    reads = /result\.|:(number|currency|percent|compact|plural)\b/.test(JSON.stringify(screen));
    readsResultOf.set(screen, reads);
  }
  return reads;
}

