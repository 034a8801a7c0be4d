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

/**
 * The photo as bytes in a multipart body, the answers beside it as JSON (issue 28): a third smaller
 * than base64 in JSON, and the server never parses the photo as text. A value that is not a base64
 * data URL goes as the old JSON body, which the function still takes.
 */
export function uploadBody(image: string, answers: unknown): FormData | string {
  const match = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(image);
  if (!match?.[1] || match[2] === undefined) return JSON.stringify({ imageUrl: image, questionnaireData: answers });
  const binary = atob(match[2]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: match[1] }), 'photo');
  form.append('questionnaireData', JSON.stringify(answers));
  return form;
}

/** The backend's headers, less the JSON content type: fetch sets a multipart body's own, with its boundary. */
function uploadHeaders(config: BackendConfig): Record<string, string> {
  const { 'content-type': _json, ...headers } = backendHeaders(config);
  return headers;
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
            headers: uploadHeaders(config),
            body: uploadBody(image, visitor.answers),
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
