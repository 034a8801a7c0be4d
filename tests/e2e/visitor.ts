/**
 * Experiment variants in the end-to-end tests: a visitor id that falls in the first variant (the control)
 * of every experiment of a flow, so tests that read the base flow's copy see it whatever the split.
 */
import { readFileSync } from 'node:fs';
import { pickVariant } from '../../src/engine/experiment-assignment.ts';
import type { Experiment } from '../../src/engine/flow.gen.ts';
import { loadFlow } from '../support/load-flow.ts';

/** The visitor id of the n-th candidate (a valid UUID). */
export const candidateVisitor = (n: number): string =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The experiments of a flow file (validated as the build validates it). */
export function experimentsOf(path: string): Experiment[] {
  return loadFlow(readFileSync(path, 'utf8')).experiments ?? [];
}

/** A visitor id for which each experiment picks the variant `choose` names (default: the first). */
export function visitorFor(
  experiments: readonly Experiment[],
  choose: (experiment: Experiment) => string = (experiment) => experiment.variants[0].id,
): string {
  for (let n = 0; n < 10_000; n++) {
    const id = candidateVisitor(n);
    if (experiments.every((experiment) => pickVariant(experiment, id)?.id === choose(experiment))) return id;
  }
  throw new Error('no visitor id falls in the wanted variants');
}
