/**
 * Which flow file a command runs: `FLOW=flows/<name>.json`, or the skin funnel when FLOW is unset.
 * The one place that names a default flow, so every command (build, dev, start, Storybook, flow:check,
 * flow:map, the local backend and the analyze-face function) runs the same funnel. Pure (no Node
 * import), so the Deno edge function can use it with its own env reader.
 */

/** The flow every command runs when FLOW is not set. */
export const DEFAULT_FLOW_FILE = 'flows/skin-funnel.json';

/**
 * The flow file named by `value` (FLOW's value), relative to the project root; the default when unset
 * or blank. Throws on a value that can't be a flow file, so a typo fails loudly instead of silently
 * running the default funnel.
 */
export function flowFileFrom(value: string | undefined): string {
  const chosen = value?.trim() ?? '';
  if (chosen === '') return DEFAULT_FLOW_FILE;
  if (!chosen.endsWith('.json')) {
    throw new Error(`FLOW=${chosen}: a flow is a .json file, e.g. FLOW=flows/shoe-finder.json`);
  }
  return chosen;
}

/** The flow file of this process: `FLOW` from the environment, else the default. */
export function flowFile(): string {
  return flowFileFrom(typeof process === 'undefined' ? undefined : process.env.FLOW);
}
