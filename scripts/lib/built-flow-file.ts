/**
 * The flow file a Vite build or server runs: the one the flow plugin (`funnel-flow`) serves, so every
 * plugin that reads the flow (route preload map, prerender, headers and pages) follows the funnel that
 * is built; without that plugin, FLOW's (supabase/functions/_shared/flow-path.ts). Node only.
 */
import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { flowFile } from '../../supabase/functions/_shared/flow-path.ts';

/**
 * What the flow plugin's api function `name` (`flowPath`, `shipping`) answers, when the build or
 * server has the plugin; undefined otherwise.
 */
function askFlowPlugin(config: ResolvedConfig, name: 'flowPath' | 'shipping'): unknown {
  const api: unknown = config.plugins.find((plugin) => plugin.name === 'funnel-flow')?.api;
  if (!api || typeof api !== 'object' || !(name in api)) return undefined;
  const call: unknown = Reflect.get(api, name);
  return typeof call === 'function' ? call() : undefined;
}

/**
 * Whether the build serves the flow as a production build ships it (common/flow-plugin/vite-plugin-flow.ts): the pages it
 * draws must show the same flow as the app that adopts them.
 */
export function builtFlowShipping(config: ResolvedConfig): boolean {
  return askFlowPlugin(config, 'shipping') === true;
}

export function builtFlowFile(config: ResolvedConfig): string {
  const path = askFlowPlugin(config, 'flowPath');
  return typeof path === 'string' ? path : resolve(config.root, flowFile());
}
