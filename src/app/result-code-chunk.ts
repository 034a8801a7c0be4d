/** Loaded after the first screen: the scoring code with the flow's weights. */
import scoring from 'virtual:flow-scoring';
import { resultCodeFor } from './derive-result.ts';

export const resultCode = resultCodeFor(scoring);
