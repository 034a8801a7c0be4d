/**
 * Attributes web-vitals readings to the screen shown when they happen, and hands one reading per
 * screen and metric on when the visitor leaves that screen (the next screen, or the page hidden).
 * Without soft-navigation support, web-vitals measures the whole page, so per screen:
 * - LCP: the latest value reported while the screen is shown (only the first load has one, unless the
 *   browser reports soft navigations);
 * - INP: the highest value reported while the screen is shown (the page's INP rises only when an
 *   interaction on the current screen is slower than all before it);
 * - CLS: the sum of the shifts (deltas) reported while the screen is shown.
 * Framework-free: the caller feeds readings and screen changes, and sends what comes out.
 */
import type { FieldMetric } from '../../common/field-speed/field-speed-buckets.ts';

/** One finished reading of one screen. */
export interface ScreenReading {
  readonly screen: string;
  readonly metric: FieldMetric;
  readonly value: number;
}

export interface ScreenReadings {
  /** A new screen is shown: the previous screen's readings are finished and handed on. */
  screenShown(screen: string): void;
  /** A web-vitals report (`value` and `delta` as web-vitals gives them). */
  report(metric: FieldMetric, value: number, delta: number): void;
  /** The page is hidden or left: the current screen's readings are handed on. */
  flush(): void;
}

export function screenReadings(emit: (reading: ScreenReading) => void): ScreenReadings {
  let screen: string | null = null;
  let pending = new Map<FieldMetric, number>();
  const finish = (): void => {
    if (screen !== null) {
      for (const [metric, value] of pending) emit({ screen, metric, value });
    }
    pending = new Map();
  };
  return {
    screenShown(next) {
      if (next === screen) return;
      finish();
      screen = next;
    },
    report(metric, value, delta) {
      if (screen === null) return;
      const before = pending.get(metric);
      if (metric === 'CLS') pending.set(metric, (before ?? 0) + delta);
      else if (metric === 'INP') pending.set(metric, Math.max(before ?? 0, value));
      else pending.set(metric, value);
    },
    flush: finish,
  };
}

/** The device class from the viewport's width in CSS pixels (or UA-CH `mobile` where the browser gives it). */
export function deviceClassOf(width: number, uaMobile?: boolean): 'mobile' | 'tablet' | 'desktop' {
  if (uaMobile === true || width < 768) return 'mobile';
  return width < 1024 ? 'tablet' : 'desktop';
}
