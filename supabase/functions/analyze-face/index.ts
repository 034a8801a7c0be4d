/**
 * The Supabase edge function (Deno): the same handler and face model as the local server, scored with
 * the flow file's photo analysis (analyses.photo, its weights table and computations). ALLOWED_ORIGINS (comma-separated) limits CORS; unset allows any.
 * The photo is analysed in memory and never stored.
 */
import { createLocalAnalyzeFace } from '../../../server/analyze-face.ts';
import { resultModelOf } from '../_shared/result-model-of.ts';
import flow from '../../../flows/skin-funnel.json' with { type: 'json' };

const origins = Deno.env
  .get('ALLOWED_ORIGINS')
  ?.split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

Deno.serve(createLocalAnalyzeFace(resultModelOf(flow), origins && origins.length > 0 ? origins : '*'));
