/**
 * The result model of a flow file imported as JSON (its computations, tables and photo analysis).
 * `npm run flow:check` (and the build) validate the whole file against the schema; this only refuses a
 * file without the parts analyze-face reads, naming them.
 */
import type { ResultModel } from './src/scoring/evaluate-computations.ts';
import { photoWeights } from './src/scoring/photo-assessment.ts';
import { isPlainObject } from './http.ts';

export function resultModelOf(flow: unknown): ResultModel {
  const json = isPlainObject(flow) ? flow : {};
  const { computations, tables, analyses } = json;
  const photo = isPlainObject(analyses) ? analyses.photo : undefined;
  if (!isPlainObject(computations) || !isPlainObject(tables) || !isPlainObject(photo))
    throw new Error("The flow file needs computations, tables and analyses.photo for analyze-face; run npm run flow:check");
  const { weights, assessment } = photo;
  if (typeof weights !== 'string' || typeof assessment !== 'string')
    throw new Error('analyses.photo needs a weights table name and an assessment computation name; run npm run flow:check');
  const model: ResultModel = { computations, tables, analyses: { photo: { weights, assessment } } };
  photoWeights(model); // throws naming a missing weight
  return model;
}
