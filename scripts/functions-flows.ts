/**
 * `npm run functions:flows`: copies the flow files into supabase/functions/_flow/ (git-ignored), where
 * the edge functions read them (supabase/functions/_shared/function-flow.ts): the Supabase CLI serves
 * and deploys only what is under supabase/functions. Every file of flows/, and FLOW's file when it is
 * elsewhere. Run it before `supabase functions serve` or `deploy`, and after editing a flow.
 */
import { copyFunctionFlows } from '../common/function-flows.ts';

for (const path of copyFunctionFlows()) console.log(`copied ${path}`);
