/**
 * The analysis port when no photo analysis is reachable: the local estimate from the quiz answers
 * (spec §7: "on error a local fallback estimate is computed from the quiz answers"), and when the
 * visitor goes on without a photo. A refusal she can act on (422, e.g. no face) is passed on instead.
 */
import type { AnalysisPort, VisitorSnapshot } from '../engine/ports.ts';
import { AnalysisError } from './analysis-error.ts';

export type FallbackEstimate = (visitor: VisitorSnapshot) => Promise<Record<string, unknown>>;

/** Wraps an analysis port so any failure resolves with the fallback estimate instead. */
export function withFallback(primary: AnalysisPort | null, fallback: FallbackEstimate, warn: (m: string) => void): AnalysisPort {
  return {
    async analyzePhoto(image, visitor) {
      if (!primary || image === null) return fallback(visitor);
      try {
        return await primary.analyzePhoto(image, visitor);
      } catch (error) {
        // A photo refused for a reason the visitor can fix (no face) is hers to know, not to paper over.
        if (error instanceof AnalysisError && error.status === 422) throw error;
        warn(`Photo analysis failed, using the estimate from the answers: ${error instanceof Error ? error.message : 'unknown error'}`);
        return fallback(visitor);
      }
    },
  };
}
