/**
 * The flow file a Vite build or server runs: the one the flow plugin (`funnel-flow`) serves, so every
 * plugin that reads the flow (route preload map, prerender, headers and pages) follows the funnel that
 * is built; without that plugin, FLOW's (supabase/functions/_shared/flow-path.ts). Node only.
 */
import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { flowFile } from '../../supabase/functions/_shared/flow-path.ts';

export function builtFlowFile(config: ResolvedConfig): string {
  const api: unknown = config.plugins.find((plugin) => plugin.name === 'funnel-flow')?.api;
  const path: unknown =
    api && typeof api === 'object' && 'flowPath' in api && typeof api.flowPath === 'function'
      ? api.flowPath()
      : undefined;
  return typeof path === 'string' ? path : resolve(config.root, flowFile());
}
