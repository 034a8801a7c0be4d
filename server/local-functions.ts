/**
 * The edge functions the local server hosts at `/functions/v1/<name>`, built on first use so the face
 * model only loads when a photo arrives. analyze-face scores with the flow file's own photo analysis
 * and reads photos in a pool of worker threads (server/face-pool), off the server's event loop.
 */
import { readFileSync } from 'node:fs';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { createLocalAnalyzeFace } from '../supabase/functions/_shared/analyze-face-handler.ts';
import { createAnalysisPool, type AnalysisPoolOptions } from './face-pool/analysis-pool.ts';
import type { EdgeFunction } from './local-backend.ts';

export interface LocalFunctionsOptions {
  pool?: AnalysisPoolOptions;
  /** Stops the analysis workers when aborted (the server closed). They never keep a process alive. */
  signal?: AbortSignal;
}

export function localFunctions(
  flowPath: string,
  options: LocalFunctionsOptions = {},
): Record<string, EdgeFunction> {
  let analyzeFace: EdgeFunction | undefined;
  const build = () => {
    const { flow, errors } = validateFlowText(readFileSync(flowPath, 'utf8'), { file: flowPath });
    if (!flow || errors.length > 0)
      throw new Error(`The flow file is invalid:\n${errors.map(formatIssue).join('\n')}`);
    if (!flow.analyses?.photo)
      throw new Error(`${flowPath} declares no analyses.photo: analyze-face cannot score a photo`);
    const started = createAnalysisPool({ deadlineMs: deadlineFromEnv(), ...options.pool });
    options.signal?.addEventListener('abort', () => void started.close(), { once: true });
    return createLocalAnalyzeFace(flow, '*', started);
  };
  return {
    'analyze-face': (request) => (analyzeFace ??= build())(request),
  };
}

/**
 * FACE_ANALYSIS_DEADLINE_MS overrides the 5 s job deadline, for a machine too busy to analyse a photo
 * in 5 s (end-to-end tests on a shared 2-core box). Unset or not a positive number: the default.
 */
function deadlineFromEnv(): number | undefined {
  const value = Number(process.env.FACE_ANALYSIS_DEADLINE_MS);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
