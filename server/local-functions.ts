/**
 * The edge functions the local server hosts at `/functions/v1/<name>`, built on first use so the face
 * model only loads when a photo arrives. analyze-face scores with the flow file's own photo analysis.
 */
import { readFileSync } from 'node:fs';
import { formatIssue, validateFlowText } from '../src/engine/validation/validate-flow.ts';
import { createLocalAnalyzeFace } from './analyze-face.ts';
import type { EdgeFunction } from './local-backend.ts';

export function localFunctions(flowPath: string): Record<string, EdgeFunction> {
  let analyzeFace: EdgeFunction | undefined;
  const build = () => {
    const { flow, errors } = validateFlowText(readFileSync(flowPath, 'utf8'), { file: flowPath });
    if (!flow || errors.length > 0)
      throw new Error(`The flow file is invalid:\n${errors.map(formatIssue).join('\n')}`);
    if (!flow.analyses?.photo)
      throw new Error(`${flowPath} declares no analyses.photo: analyze-face cannot score a photo`);
    return createLocalAnalyzeFace(flow);
  };
  return {
    'analyze-face': (request) => (analyzeFace ??= build())(request),
  };
}
