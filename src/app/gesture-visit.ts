/**
 * Which screen visit a visitor's gesture began on. A double tap's second tap (mousedown `detail` 2+)
 * and a held key's repeats (`repeat`) continue the gesture that began on the earlier screen, so the
 * events they cause are stamped with that visit and the machine ignores them: one Continue per visit.
 */

/** A gesture older than this no longer stamps events (e.g. a click without a mousedown, from a screen reader). */
const GESTURE_MS = 1000;

export interface GestureVisit {
  /** The visit the current gesture began on, or the current visit when there is no recent gesture. */
  stamp(): number;
  /** Stops listening. */
  stop(): void;
}

export function trackGestureVisit(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  currentVisit: () => number,
  now: () => number = () => performance.now(),
): GestureVisit {
  let gesture: { visit: number; at: number } | undefined;
  const begin = (continues: boolean) => {
    gesture = continues && gesture ? { visit: gesture.visit, at: now() } : { visit: currentVisit(), at: now() };
  };
  const onMouseDown = (event: MouseEvent) => begin(event.detail > 1);
  const onKeyDown = (event: KeyboardEvent) => begin(event.repeat);
  // Capture phase: the visit is read before any handler of the page can move to another screen.
  doc.addEventListener('mousedown', onMouseDown, true);
  doc.addEventListener('keydown', onKeyDown, true);
  return {
    stamp: () => (gesture && now() - gesture.at < GESTURE_MS ? gesture.visit : currentVisit()),
    stop: () => {
      doc.removeEventListener('mousedown', onMouseDown, true);
      doc.removeEventListener('keydown', onKeyDown, true);
    },
  };
}
