import type { ScreenEvent } from '../engine/events.ts';
import type { Answers, ScreenKind, ScreenOfKind } from '../engine/flow-model.ts';
import type { NumberStyle } from '../engine/number-format.ts';

/**
 * What every renderer receives. Renderers are pure: props in, events out; they never import xstate,
 * a backend client or the storage.
 */
export interface ScreenProps<K extends ScreenKind> {
  /** The screen's config, with every placeholder resolved and every block whose `when` fails removed. */
  screen: ScreenOfKind<K>;
  /** The answers so far; a screen's own answer is `answers[screen.answer]`. */
  answers: Answers;
  /** Whether Continue is accepted now (the machine's guards decide; the button mirrors them). */
  canContinue: boolean;
  /** Work in progress after Continue (saving a lead, analysing a photo): show busy, block input. */
  busy: boolean;
  /** A message for the visitor, e.g. a failed save; null when there is none. */
  error: string | null;
  /** The form field `error` is about (an input the backend refused); null or absent when none. */
  errorField?: string | null;
  /** The chosen photo as a data URL (photo-upload only); null when none is chosen. */
  photo: string | null;
  /** How the flow writes numbers (locale, currency); absent: en-US and no money. */
  numbers?: NumberStyle | undefined;
  /** Tell the machine what the visitor did. */
  send: (event: ScreenEvent) => void;
}
