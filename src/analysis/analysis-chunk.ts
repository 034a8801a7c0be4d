/**
 * The photo analysis, one chunk fetched on the first photo (app-ports.ts): the analyze-face client
 * behind the fallback estimate from the answers. None of it is needed before a photo is chosen.
 */
import type { AnalysisPort } from '../engine/ports.ts';
import { pageBackend } from '../tracking/backend-config.ts';
import { createEdgeAnalysis } from './edge-analysis.ts';
import { withFallback, type FallbackEstimate } from './fallback-analysis.ts';

export function createAnalysis(fallback: FallbackEstimate, warn: (message: string) => void): AnalysisPort {
  return withFallback(createEdgeAnalysis(pageBackend()), fallback, warn);
}
