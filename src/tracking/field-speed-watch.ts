/**
 * The visitor's own speed on each screen: web-vitals' LCP, INP and CLS (loaded after the first screen
 * is interactive, see src/app/field-speed-start.ts), placed on the screen visits by screen-readings.ts
 * and handed to `write` (an outbox entry each, see field-speed-write.ts) in idle time, or at once when
 * the page is hidden or left, the last moment a phone's browser may give a tab.
 * With soft navigations (Chromium 151+: a tap that changes the address and paints), web-vitals
 * restarts each metric per screen change and says when the navigation began; elsewhere its page-wide
 * figures are placed on the visit by the time of the entries they rest on.
 */
import type { CLSMetric, INPMetric, LCPMetric, onCLS, onINP, onLCP } from 'web-vitals';
import type { FieldMetric } from '../../common/field-speed/field-speed-buckets.ts';
import { screenReadings, type ReadingPlace, type ScreenReading } from './screen-readings.ts';

/** The part of the web-vitals module used here (a fake in tests). */
export interface WebVitals {
  onLCP: typeof onLCP;
  onINP: typeof onINP;
  onCLS: typeof onCLS;
}

/** A screen shown, at a time of the page's performance timeline. */
export interface ShownScreen {
  readonly screen: string;
  readonly at: number;
}

export interface FieldSpeedPage {
  /** Runs a task when the page is idle. */
  idle(task: () => void): void;
  /** `visibilitychange` and `pagehide`, on the window (after web-vitals' own listeners, which report first). */
  addEventListener(type: 'visibilitychange' | 'pagehide', listener: () => void): void;
  hidden(): boolean;
  /** The browser reports layout shifts (so a visit without one has a CLS of 0). */
  layoutShifts: boolean;
  now(): number;
}

export interface FieldSpeedWatchOptions {
  vitals: WebVitals;
  /** The screens shown before this code was in, oldest first. */
  shown: readonly ShownScreen[];
  write(reading: ScreenReading): void;
  page: FieldSpeedPage;
  settleMs?: number;
}

export interface FieldSpeedWatch {
  /** A screen is shown at `at` (performance time). */
  screenShown(screen: string, at: number): void;
}

type Report = LCPMetric | INPMetric | CLSMetric;

/** Where a report belongs: the visit at its entries' time, or the one its soft navigation led to. */
export function placeOf(metric: Report, now: number): ReadingPlace {
  const soft = metric.navigationType === 'soft-navigation';
  const start = metric.navigationStartTime ?? 0;
  const entries: readonly PerformanceEntry[] = metric.entries;
  // An interaction belongs to the screen it was made on, even the tap that left it.
  if (metric.name === 'INP' && entries[0]) return { at: entries[0].startTime };
  if (soft) return { after: start };
  const last = entries.at(-1);
  if (last) return { at: last.startTime };
  return { at: metric.name === 'INP' ? now : start };
}

export function watchFieldSpeed(options: FieldSpeedWatchOptions): FieldSpeedWatch {
  const { vitals, page } = options;
  let finished: ScreenReading[] = [];
  let scheduled = false;
  const writeAll = () => {
    scheduled = false;
    const readings = finished;
    finished = [];
    for (const reading of readings) options.write(reading);
  };
  // A screen change finishes older visits in the tap's task: their writes wait for idle time.
  const readings = screenReadings(
    (reading) => {
      finished.push(reading);
      if (scheduled || page.hidden()) return;
      scheduled = true;
      page.idle(writeAll);
    },
    { seed: page.layoutShifts ? ['CLS'] : [], ...(options.settleMs ? { settleMs: options.settleMs } : {}) },
  );
  for (const { screen, at } of options.shown) readings.screenShown(screen, at);

  const report = (metric: Report) =>
    readings.report(
      metric.name satisfies FieldMetric,
      metric.value,
      metric.delta,
      placeOf(metric, page.now()),
    );
  // Every change, so each screen's figures are seen as they happen (not only the page's final ones);
  // interactions from 16 ms (the least web-vitals takes), so a quick screen has an INP too.
  const opts = { reportAllChanges: true, reportSoftNavs: true };
  vitals.onLCP(report, opts);
  vitals.onINP(report, { ...opts, durationThreshold: 16 });
  vitals.onCLS(report, opts);

  const flush = () => {
    readings.flush();
    writeAll();
  };
  page.addEventListener('visibilitychange', () => {
    if (page.hidden()) flush();
  });
  page.addEventListener('pagehide', flush);
  return { screenShown: (screen, at) => readings.screenShown(screen, at) };
}

/** The watcher on this browser's window: the app's idle scheduler, the window's events and clock. */
export function watchInBrowser(
  vitals: WebVitals,
  shown: readonly ShownScreen[],
  write: (reading: ScreenReading) => void,
  idle: FieldSpeedPage['idle'],
): FieldSpeedWatch {
  return watchFieldSpeed({
    vitals,
    shown,
    write,
    page: {
      idle,
      addEventListener: (type, listener) => window.addEventListener(type, listener),
      hidden: () => document.visibilityState === 'hidden',
      layoutShifts:
        typeof PerformanceObserver === 'function' &&
        (PerformanceObserver.supportedEntryTypes ?? []).includes('layout-shift'),
      now: () => performance.now(),
    },
  });
}
