/**
 * The flow files copied into supabase/functions/_flow/ (git-ignored), where the edge functions read them
 * (supabase/functions/_shared/function-flow.ts): the Supabase CLI serves and deploys only what is under
 * supabase/functions. Every file of flows/, and FLOW's file when it is elsewhere. `npm run
 * functions:flows` (scripts/functions-flows.ts) runs it; the Deno tests of server/ call it too.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { flowFile } from '../supabase/functions/_shared/flow-path.ts';

const root = resolve(import.meta.dirname, '..');
export const FUNCTION_FLOW_DIR = 'supabase/functions/_flow';

/** Copies the flows; returns the paths written, relative to the project root. */
export function copyFunctionFlows(chosen: string = flowFile()): string[] {
  const target = join(root, FUNCTION_FLOW_DIR);
  rmSync(target, { recursive: true, force: true });
  const files = readdirSync(join(root, 'flows'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `flows/${name}`);
  if (!isAbsolute(chosen) && !files.includes(chosen) && existsSync(join(root, chosen))) files.push(chosen);
  return files.map((file) => {
    const to = join(target, file);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(root, file), to);
    return relative(root, to);
  });
}
