/**
 * The Supabase edge function (Deno): the same handler and face model as the local server, scored with
 * the flow file's `scoring` section. ALLOWED_ORIGINS (comma-separated) limits CORS; unset allows any.
 * The photo is analysed in memory and never stored.
 */
import { createLocalAnalyzeFace } from '../../../server/analyze-face.ts';
import { scoringOf } from '../_shared/scoring-of.ts';
import flow from '../../../flows/skin-funnel.json' with { type: 'json' };

const origins = Deno.env
  .get('ALLOWED_ORIGINS')
  ?.split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

Deno.serve(createLocalAnalyzeFace(scoringOf(flow), origins && origins.length > 0 ? origins : '*'));
