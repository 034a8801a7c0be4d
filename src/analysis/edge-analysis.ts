/**
 * The analysis port over the `analyze-face` function (spec §7): the downscaled photo and the answers
 * go to `<backend>/functions/v1/analyze-face`; the assessment comes back. Any failure (network, an
 * error status, a malformed answer, no answer within the time limit) rejects with a reason that holds
 * no personal data, so the fallback can take over (see fallback-analysis.ts).
 */
import type { AnalysisPort } from '../engine/ports.ts';
import { backendHeaders, type BackendConfig } from '../tracking/backend-config.ts';
import { AnalysisError } from './analysis-error.ts';

/** How long a visitor waits for the analysis before the local estimate is used (spec: about 20 s). */
export const ANALYSIS_TIMEOUT_MS = 20_000;

async function errorCode(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body !== null && typeof body === 'object' && 'error' in body) {
      const { error } = body;
      if (error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
        return error.code;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return 'error';
}

export function createEdgeAnalysis(
  config: BackendConfig,
  options: { fetcher?: typeof fetch; timeoutMs?: number } = {},
): AnalysisPort {
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? ANALYSIS_TIMEOUT_MS;
  return {
    async analyzePhoto(image, visitor) {
      if (image === null) throw new AnalysisError(0, 'no_photo');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        let response: Response;
        try {
          response = await fetcher(`${config.url}/functions/v1/analyze-face`, {
            method: 'POST',
            signal: controller.signal,
            headers: backendHeaders(config),
            body: JSON.stringify({ imageUrl: image, questionnaireData: visitor.answers }),
          });
        } catch {
          throw new AnalysisError(0, controller.signal.aborted ? 'timeout' : 'network');
        }
        if (!response.ok) throw new AnalysisError(response.status, await errorCode(response));
        const assessment: unknown = await response.json().catch(() => null);
        if (assessment === null || typeof assessment !== 'object' || Array.isArray(assessment)) {
          throw new AnalysisError(response.status, 'malformed_response');
        }
        return { ...assessment };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
