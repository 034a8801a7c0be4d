/**
 * The flow a visitor sees: her experiment variants assigned (experiment-assignment.ts) and their
 * patches applied. Used where the patching code may load at once (Storybook, the report's demo, tests);
 * the app loads the patching code only when the visitor's variants change something.
 */
import { applyPatches } from './apply-patches.ts';
import { assignVariants, type Assignment } from './experiment-assignment.ts';
import type { Flow } from './flow.gen.ts';

export function assignExperiments(
  flow: Flow,
  visitorId: string,
  now: Date,
  overrides: ReadonlyMap<string, string> = new Map(),
): { flow: Flow; assignments: Assignment[] } {
  const { assignments, patches } = assignVariants(flow, visitorId, now, overrides);
  return { flow: patches.length === 0 ? flow : applyPatches(flow, patches), assignments };
}
