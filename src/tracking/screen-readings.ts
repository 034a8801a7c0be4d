/**
 * Attributes web-vitals readings to the screen visit they belong to, and hands on one reading per visit
 * and metric. A visit is one showing of one screen (the first load, then each screen change); readings
 * are placed by time on the page's performance timeline, not by when web-vitals reports them: a tap's
 * INP is reported after the screen it led to is shown, yet belongs to the screen that was tapped.
 * - `at`: the visit shown at that moment (a time before the first visit counts for the first: the
 *   build's drawing is painted before the app says which screen it is);
 * - `after`: the first visit shown at or after that moment (a soft navigation starts with the tap on
 *   the screen before; its paints and shifts belong to the screen it leads to).
 * Per visit: LCP the latest value, INP the highest, CLS the sum of the deltas (with soft navigations
 * web-vitals restarts CLS and INP for each screen; without them its page-wide INP rises only when an
 * interaction is slower than all before it, so a visit with only faster taps has no INP reading).
 * A finished visit is handed on once it ended `settleMs` ago (late reports have come in by then), and
 * every visit when the page is hidden or left (`flush`); a metric of a visit is handed on once only,
 * each with an id of its own (the event id that makes a retried write idempotent).
 * Framework-free: the caller feeds readings and screen changes, and sends what comes out.
 */
import type { FieldMetric } from '../../common/field-speed/field-speed-buckets.ts';

/** One finished reading of one screen visit. */
export interface ScreenReading {
  /** A fresh id per reading: the write's event id. */
  readonly id: string;
  readonly screen: string;
  readonly metric: FieldMetric;
  readonly value: number;
}

/** Where a reading belongs (see the module comment). */
export type ReadingPlace = { readonly at: number } | { readonly after: number };

export interface ScreenReadings {
  /** A new screen is shown at `at` (performance time); the same screen again is no change. */
  screenShown(screen: string, at: number): void;
  /** A web-vitals report (`value` and `delta` as web-vitals gives them), placed on the timeline. */
  report(metric: FieldMetric, value: number, delta: number, place: ReadingPlace): void;
  /** The page is hidden or left: every visit's readings so far are handed on. */
  flush(): void;
}

export interface ScreenReadingsOptions {
  /** Metrics every visit starts with at 0 (CLS where the browser reports layout shifts: no shift is 0). */
  seed?: readonly FieldMetric[];
  /** How long after its end a visit waits for late reports before it is handed on; default 5000 ms. */
  settleMs?: number;
  newId?: () => string;
}

interface Visit {
  readonly screen: string;
  readonly at: number;
  readonly values: Map<FieldMetric, number>;
  readonly sent: Set<FieldMetric>;
}

export function screenReadings(
  emit: (reading: ScreenReading) => void,
  options: ScreenReadingsOptions = {},
): ScreenReadings {
  const settleMs = options.settleMs ?? 5000;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let visits: Visit[] = [];
  /** A visit was handed on for good: a time before the oldest kept visit belongs to a finished one. */
  let dropped = false;

  const handOn = (visit: Visit): void => {
    for (const [metric, value] of visit.values) {
      if (visit.sent.has(metric)) continue;
      visit.sent.add(metric);
      emit({ id: newId(), screen: visit.screen, metric, value });
    }
  };

  const visitOf = (place: ReadingPlace): Visit | undefined => {
    if ('after' in place) return visits.find((visit) => visit.at >= place.after);
    const first = visits[0];
    if (!first || place.at < first.at) return dropped ? undefined : first;
    return visits.findLast((visit) => visit.at <= place.at);
  };

  return {
    screenShown(screen, at) {
      if (visits.at(-1)?.screen === screen) return;
      const values = new Map<FieldMetric, number>((options.seed ?? []).map((metric) => [metric, 0]));
      visits.push({ screen, at, values, sent: new Set() });
      // Visits that ended (the next one began) long enough ago are finished.
      const kept: Visit[] = [];
      visits.forEach((visit, index) => {
        const end = visits[index + 1]?.at;
        if (end !== undefined && end <= at - settleMs) {
          handOn(visit);
          dropped = true;
        } else kept.push(visit);
      });
      visits = kept;
    },
    report(metric, value, delta, place) {
      const visit = visitOf(place);
      if (!visit || visit.sent.has(metric)) return;
      const before = visit.values.get(metric);
      if (metric === 'CLS') visit.values.set(metric, (before ?? 0) + delta);
      else if (metric === 'INP') visit.values.set(metric, Math.max(before ?? 0, value));
      else visit.values.set(metric, value);
    },
    flush() {
      for (const visit of visits) handOn(visit);
    },
  };
}

/** The device class from the viewport's width in CSS pixels (or UA-CH `mobile` where the browser gives it). */
export function deviceClassOf(width: number, uaMobile?: boolean): 'mobile' | 'tablet' | 'desktop' {
  if (uaMobile === true || width < 768) return 'mobile';
  return width < 1024 ? 'tablet' : 'desktop';
}
