/**
 * The flow file an edge function runs (its photo scoring, its lead sinks). The Supabase CLI serves and
 * deploys only what is under supabase/functions, so the flow files ship in supabase/functions/_flow/,
 * copied there by `npm run functions:flows` (git-ignored; see the README's deploy section). FLOW picks
 * one, as for every command: `flows/<name>.json`, read as `_flow/flows/<name>.json`.
 */
import { flowFileFrom } from './flow-path.ts';

/** Where FLOW's file is read from, next to the functions. */
export function functionFlowUrl(flowEnv: string | undefined): URL {
  return new URL(`../_flow/${flowFileFrom(flowEnv)}`, import.meta.url);
}

/** The parsed flow file; a clear error when it was not copied next to the functions. */
export async function readFunctionFlow(
  flowEnv: string | undefined,
  readText: (url: URL) => Promise<string>,
): Promise<unknown> {
  const url = functionFlowUrl(flowEnv);
  let text: string;
  try {
    text = await readText(url);
  } catch {
    throw new Error(
      `${flowFileFrom(flowEnv)} is not in supabase/functions/_flow/: run \`npm run functions:flows\` before serving or deploying the functions`,
    );
  }
  return JSON.parse(text);
}
