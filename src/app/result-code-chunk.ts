/**
 * Loaded after the first screen: the evaluator with the flow's computations and tables. In another
 * language than the default, main.tsx loads that language's table texts beside it: the visitor reads
 * them, while routes, stored values and the lead keep the flow file's own texts, so answers and results
 * stay comparable across languages.
 */
import flow from 'virtual:flow';
import model from 'virtual:flow-scoring';
import { translateDocument } from '../engine/i18n/translation.ts';
import { resultCodeFor, type ResultCode } from './derive-result.ts';

export const resultCode = resultCodeFor(model, flow.settings);

/** The result code whose shown results use these table texts (pointer → text; none: the flow's own). */
export function resultCodeIn(tableTexts: Readonly<Record<string, string>> | undefined): ResultCode {
  if (tableTexts === undefined) return resultCode;
  return resultCodeFor(model, flow.settings, translateDocument(model, tableTexts));
}
