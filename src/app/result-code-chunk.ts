/** Loaded after the first screen: the evaluator with the flow's computations and tables. */
import flow from 'virtual:flow';
import model from 'virtual:flow-scoring';
import { resultCodeFor } from './derive-result.ts';

export const resultCode = resultCodeFor(model, flow.settings);
