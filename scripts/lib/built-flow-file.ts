/**
 * The flow file a Vite build or server runs: the one the flow plugin (`funnel-flow`) serves, so every
 * plugin that reads the flow (route preload map, prerender, headers and pages) follows the funnel that
 * is built; without that plugin, FLOW's (supabase/functions/_shared/flow-path.ts). Node only.
 */
import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { flowFile } from '../../supabase/functions/_shared/flow-path.ts';

/** The flow plugin's api (`flowPath`, `shipping`), when the build or server has the plugin. */
function flowApi(config: ResolvedConfig): unknown {
  return config.plugins.find((plugin) => plugin.name === 'funnel-flow')?.api;
}

/**
 * Whether the build serves the flow as a production build ships it (vite-plugin-flow.ts): the pages it
 * draws must show the same flow as the app that adopts them.
 */
export function builtFlowShipping(config: ResolvedConfig): boolean {
  const api = flowApi(config);
  return api && typeof api === 'object' && 'shipping' in api && typeof api.shipping === 'function'
    ? api.shipping() === true
    : false;
}

export function builtFlowFile(config: ResolvedConfig): string {
  const api = flowApi(config);
  const path: unknown =
    api && typeof api === 'object' && 'flowPath' in api && typeof api.flowPath === 'function'
      ? api.flowPath()
      : undefined;
  return typeof path === 'string' ? path : resolve(config.root, flowFile());
}
