/**
 * The analyze-face function's handler as a `deno serve` module (`export default { fetch }`): the same
 * handler and face model as the local server, scored with the flow file's photo analysis
 * (analyses.photo, its weights table and computations). index.ts serves it on Supabase; the Deno parity
 * test runs `deno serve` on this file. FLOW (a path relative to the project root, like every command's
 * FLOW) picks the flow; unset, the default flow. It is read from supabase/functions/_flow/ (`npm run
 * functions:flows`; see the README's deploy section), and everything imported lives under
 * supabase/functions. ALLOWED_ORIGINS (comma-separated) limits CORS; unset allows any. The photo is
 * analysed in memory and never stored.
 */
import { createLocalAnalyzeFace } from '../_shared/analyze-face-handler.ts';
import { resultModelOf } from '../_shared/result-model-of.ts';
import { readFunctionFlow } from '../_shared/function-flow.ts';

const flow = await readFunctionFlow(Deno.env.get('FLOW'), (url) => Deno.readTextFile(url));

const origins = Deno.env
  .get('ALLOWED_ORIGINS')
  ?.split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

export default {
  fetch: createLocalAnalyzeFace(resultModelOf(flow), origins && origins.length > 0 ? origins : '*'),
} satisfies Deno.ServeDefaultExport;
