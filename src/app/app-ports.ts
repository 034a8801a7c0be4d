/**
 * The ports of the running app: tracking to the backend (hosted Supabase, or the embedded local backend
 * on this origin) through an outbox, the ad pixel it is given, the photo sent to the analyze-face function (the estimate from the
 * answers when that fails), and the real browser navigation. The backend code loads once `afterPaint` settles, so none
 * of it weighs on the first screen; tracking calls made before then are replayed into it.
 */
import type { FallbackEstimate } from '../analysis/fallback-analysis.ts';
import type { AnalysisPort, FunnelPorts, PixelPort } from '../engine/ports.ts';
import { deferTracking } from '../tracking/deferred-tracking.ts';
import { createAfterPaintQueue, IDLE_TIMEOUT_MS, pixelOffTapPath, trackingOffTapPath } from './off-tap-path.ts';
import { inIdleTask, whenIdle } from './screen-prefetch.ts';
import type { Landing } from '../tracking/landing.ts';
import type { ScreenReading } from '../tracking/screen-readings.ts';
import type { TrackingStart } from './tracking-chunk.ts';

export interface AppPortsOptions extends Omit<TrackingStart, 'config' | 'warn' | 'referrer' | 'campaign'> {
  /** The landing page's referrer and campaign (see landing.ts), known once its code is in. */
  landing: Promise<Landing>;
  fallback: FallbackEstimate;
  afterPaint: Promise<unknown>;
  /** The ad pixel (see ads-chunk.tsx), loaded after the first paint too. */
  pixel: PixelPort;
}

/** The funnel's ports, and where field speed readings go once the backend code is in. */
export interface AppPorts extends FunnelPorts {
  fieldReadings: Promise<(reading: ScreenReading) => void>;
}

export function createAppPorts(options: AppPortsOptions): AppPorts {
  const { afterPaint, fallback, pixel, landing, ...start } = options;
  const warn = (message: string) => console.warn(message);
  // Three tasks, none of them long on a slow phone: the backend code starts in an idle task of its own
  // (not in the one its chunk arrived in), and the calls made meanwhile are replayed in a later one.
  const idle = whenIdle(window, IDLE_TIMEOUT_MS, 0);
  const started = Promise.all([afterPaint.then(() => import('./tracking-chunk.ts')), landing])
    .then((loaded) => inIdleTask(idle, loaded))
    .then(([chunk, { referrer, campaign }]) =>
      chunk.startTracking({ ...start, config: chunk.pageBackend(), referrer, campaign, warn }),
    )
    .then((port) => inIdleTask(idle, port));
  const tracking = started.then((port) => port.tracking);
  // Unhandled here: deferTracking reports the failure to start once.
  const fieldReadings = started.then((port) => port.fieldReading);
  fieldReadings.catch(() => undefined);
  // Tracking and pixel calls run after the next frame, so a tap paints the next screen first.
  const queue = createAfterPaintQueue(window);
  return {
    tracking: trackingOffTapPath(deferTracking(tracking, warn), queue),
    pixel: pixelOffTapPath(pixel, queue),
    analysis: lazyAnalysis(fallback, warn),
    navigation: { redirect: (url) => window.location.assign(url) },
    log: { warn },
    fieldReadings,
  };
}

/**
 * The photo analysis (the analyze-face client behind the estimate from the answers), fetched on the
 * first photo: it has no business in the first bundle. A chunk that fails to load is a failed
 * analysis: the estimate takes over, and the next photo tries the chunk again.
 */
function lazyAnalysis(fallback: FallbackEstimate, warn: (message: string) => void): AnalysisPort {
  let analysis: Promise<AnalysisPort> | undefined;
  return {
    analyzePhoto: async (image, visitor) => {
      analysis ??= import('../analysis/analysis-chunk.ts').then((module) => module.createAnalysis(fallback, warn));
      let port: AnalysisPort;
      try {
        port = await analysis;
      } catch (error) {
        analysis = undefined;
        warn(`Photo analysis failed, using the estimate from the answers: ${error instanceof Error ? error.message : 'unknown error'}`);
        return fallback(visitor);
      }
      return port.analyzePhoto(image, visitor);
    },
  };
}
