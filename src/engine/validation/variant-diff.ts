/**
 * What each experiment variant changes, for review (npm run flow:diff <flow.json>): the same summary as
 * a change to the file, of the base flow against the variant's patched flow.
 */
import { checkedPatches } from './checked-patches.ts';
import type { Flow } from '../flow.gen.ts';
import { patchProblemMessage } from './experiment-check.ts';
import { diffFlows } from './flow-diff.ts';

/** One section per variant of every experiment, headed `experiment "e", variant "v" (weight w):`. */
export function variantDiffs(flow: Flow): string[] {
  const lines: string[] = [];
  for (const experiment of flow.experiments ?? []) {
    const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
    for (const variant of experiment.variants) {
      const share = Math.round((variant.weight / total) * 100);
      lines.push(
        `experiment "${experiment.id}", variant "${variant.id}" (${share} % of visitors, ${experiment.start} to ${experiment.stop}):`,
      );
      const { flow: patched, problems } = checkedPatches(flow, variant.patches);
      for (const problem of problems)
        lines.push(`  ✗ patch ${problem.index}: ${patchProblemMessage(problem)}`);
      const changes = diffFlows(flow, patched);
      lines.push(
        ...(variant.patches.length === 0
          ? ['  the base flow (control)']
          : changes.map((line) => `  ${line}`)),
      );
    }
  }
  return lines.length > 0 ? lines : ['this flow declares no experiments'];
}
