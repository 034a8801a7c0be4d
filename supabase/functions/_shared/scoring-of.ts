/**
 * The scoring section of a flow file imported as JSON. `npm run flow:check` (and the build) validate
 * the whole file against the schema; this only refuses a file that has no such section at all.
 */
import type { Scoring } from '../../../src/engine/flow.gen.ts';

const SECTIONS = [
  'age',
  'skinIssues',
  'changeSpeed',
  'symptoms',
  'skinTreatments',
  'hrt',
  'confidence',
  'photoBlend',
  'photo',
  'agingRate',
  'hormonal',
  'detailedMetrics',
  'overview',
  'clinicalMetrics',
  'findings',
  'fallback',
] as const satisfies readonly (keyof Scoring)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isScoring(value: unknown): value is Scoring {
  return isRecord(value) && SECTIONS.every((section) => isRecord(value[section]));
}

export function scoringOf(flow: unknown): Scoring {
  const scoring = isRecord(flow) ? flow.scoring : undefined;
  if (!isScoring(scoring)) {
    throw new Error(
      `The flow file's scoring section is missing or incomplete (needs ${SECTIONS.join(', ')}); run npm run flow:check`,
    );
  }
  return scoring;
}
