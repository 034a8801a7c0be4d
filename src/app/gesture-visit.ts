/**
 * Which screen visit a visitor's gesture began on. A double tap's second tap (mousedown `detail` 2+)
 * and a held key's repeats (`repeat`) continue the gesture that began on the earlier screen, so the
 * events they cause are stamped with that visit and the machine ignores them: one Continue per visit.
 *
 * A slower double tap is two gestures to the browser (taps 0.45–0.65 s apart each have `detail` 1), and
 * the second lands on the next screen's button, which sits in the same place. So a screen's primary
 * action (Continue) also ignores a press that began within SETTLE_MS of the screen being reached by a
 * press: no one reads a new screen and means its Continue that fast, while a tap meant for it at a
 * human pace works. While the screen settles, the page marks #root `aria-disabled` (drivers that wait
 * for an enabled button, and assistive technology, see it as not yet taking a press).
 */

/** A gesture older than this no longer stamps events (e.g. a click without a mousedown, from a screen reader). */
const GESTURE_MS = 1000;

/** How long after a press brings up a screen its primary action ignores presses (covers a 0.5–0.6 s double tap). */
export const SETTLE_MS = 600;

/** The stamp of an event the machine must ignore: no visit has this number. */
const NO_VISIT = -1;

export interface GestureVisit {
  /**
   * The visit the current gesture began on, or the current visit when there is no recent gesture;
   * `primary`: for the screen's primary action, which a press made while the screen settles doesn't reach.
   */
  stamp(primary?: boolean): number;
  /** The machine moved to visit `visit` (call on every change): a press that caused it starts the settle time. */
  arrived(visit: number): void;
  /** Stops listening. */
  stop(): void;
}

export function trackGestureVisit(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'getElementById'>,
  currentVisit: () => number,
  now: () => number = () => performance.now(),
): GestureVisit {
  // `moved`: this gesture has already brought up a screen (one gesture moves at most one screen).
  let gesture: { visit: number; at: number; moved?: boolean } | undefined;
  // The visit that settles, and until when (a visit that doesn't settle: until 0).
  let settling = { visit: NO_VISIT, until: 0 };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const begin = (continues: boolean) => {
    gesture = { visit: continues && gesture ? gesture.visit : currentVisit(), at: now() };
  };
  const onMouseDown = (event: MouseEvent) => begin(event.detail > 1);
  // Only a key that can press a button begins a gesture: arrows on a slider, Tab or typing in a field
  // never bring up a screen, so a browser Back right after them must not make the screen settle.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') begin(event.repeat);
  };
  const recent = () => gesture !== undefined && now() - gesture.at < GESTURE_MS;
  // A click with no press before it (a tap the page held until the app was in, then carried out; a
  // screen reader's) begins a gesture of its own, so the screen it brings up settles too.
  const onClick = () => recent() || begin(false);
  const settle = (visit: number) => {
    clearTimeout(timer);
    const root = doc.getElementById('root');
    root?.removeAttribute('aria-disabled');
    settling = { visit, until: 0 };
    // Only a screen a press brought up settles: a deep link, Back or a timed screen has no tap to repeat.
    // A press brings up one screen: Back soon after it (the browser's, not a press) does not settle.
    if (visit === NO_VISIT || !recent() || gesture?.moved) return;
    if (gesture) gesture.moved = true;
    settling.until = now() + SETTLE_MS;
    root?.setAttribute('aria-disabled', 'true');
    timer = setTimeout(() => settle(NO_VISIT), SETTLE_MS);
  };
  // Capture phase: the visit is read before any handler of the page can move to another screen.
  doc.addEventListener('mousedown', onMouseDown, true);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('click', onClick, true);
  return {
    stamp: (primary = false) =>
      !gesture || !recent()
        ? currentVisit()
        : primary && settling.visit === gesture.visit && gesture.at < settling.until
          ? NO_VISIT
          : gesture.visit,
    arrived: settle,
    stop: () => {
      settle(NO_VISIT);
      doc.removeEventListener('mousedown', onMouseDown, true);
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('click', onClick, true);
    },
  };
}
