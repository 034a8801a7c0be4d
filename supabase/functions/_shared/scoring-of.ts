/**
 * The scoring section of a flow file imported as JSON. `npm run flow:check` (and the build) validate
 * the whole file against the schema; this only refuses a file that has no such section at all.
 */
import type { Scoring } from '../../../src/engine/flow.gen.ts';
import { isPlainObject } from './http.ts';

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

function isScoring(value: unknown): value is Scoring {
  return isPlainObject(value) && SECTIONS.every((section) => isPlainObject(value[section]));
}

export function scoringOf(flow: unknown): Scoring {
  const scoring = isPlainObject(flow) ? flow.scoring : undefined;
  if (!isScoring(scoring)) {
    throw new Error(
      `The flow file's scoring section is missing or incomplete (needs ${SECTIONS.join(', ')}); run npm run flow:check`,
    );
  }
  return scoring;
}
