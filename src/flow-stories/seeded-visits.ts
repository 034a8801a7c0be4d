/**
 * The sample visitors a flow story opens its screen as: the flow's own `samples` (low, medium and
 * high result), so every flow's stories show its real screens with its own answers. A flow without
 * samples opens its screens as a visitor who has answered nothing yet.
 */
import type { Flow } from '../engine/flow-model.ts';
import type { VisitLevel } from './flow-story-plan.ts';

/** What an earlier visit stored: the answers, and the data kept under the flow's storage.dataKeys. */
export interface SeededVisit {
  answers: Record<string, unknown>;
  data: Record<string, unknown>;
}

/**
 * The visit a screen's story starts with: the flow's sample for `level` minus the screen's own
 * answers, so the screen looks as it does the first time a visitor reaches it (its answered states
 * have renderer stories).
 */
export function visitFor(flow: Pick<Flow, 'samples'>, level: VisitLevel, ownAnswers: readonly string[]): SeededVisit {
  const sample = flow.samples?.[level];
  const answers = Object.fromEntries(
    Object.entries(sample?.answers ?? {}).filter(([key]) => !ownAnswers.includes(key)),
  );
  return { answers, data: { ...sample?.data } };
}
