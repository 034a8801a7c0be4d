/**
 * The Supabase edge function (Deno): the same handler and face model as the local server, scored with
 * the flow file's photo analysis (analyses.photo, its weights table and computations). FLOW (a path
 * relative to the project root, like every command's FLOW) picks the flow; unset, the default flow.
 * Deploying to hosted Supabase, ship that file with the function (`static_files` of
 * `[functions.analyze-face]` in supabase/config.toml). ALLOWED_ORIGINS (comma-separated) limits CORS;
 * unset allows any. The photo is analysed in memory and never stored.
 */
import { createLocalAnalyzeFace } from '../../../server/analyze-face.ts';
import { resultModelOf } from '../_shared/result-model-of.ts';
import { flowFileFrom } from '../_shared/flow-path.ts';

const flowFile = flowFileFrom(Deno.env.get('FLOW'));
const flow: unknown = JSON.parse(await Deno.readTextFile(new URL(`../../../${flowFile}`, import.meta.url)));

const origins = Deno.env
  .get('ALLOWED_ORIGINS')
  ?.split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

Deno.serve(createLocalAnalyzeFace(resultModelOf(flow), origins && origins.length > 0 ? origins : '*'));
