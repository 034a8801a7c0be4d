/**
 * The visitor's experiments, decided before the machine is compiled: her visitor id (kept in
 * localStorage, so it is the same across reloads and tabs), the variant of each running experiment
 * (sticky: a hash of experiment and visitor id; `?variant=<experiment>:<variant>` overrides it for QA),
 * and the flow with her variants applied, which is the flow that runs.
 */
import { assignExperiments, variantOverrides, type Assignment } from '../engine/experiment-assignment.ts';
import type { Flow } from '../engine/flow-model.ts';

export const VISITOR_ID_KEY = 'funnel_visitor_id';

const UUID = /^[0-9a-f-]{36}$/i;

/** The stored visitor id, or a new one stored now (not sticky when storage is unavailable). */
function visitorIdOf(local: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  try {
    const stored = local?.getItem(VISITOR_ID_KEY);
    if (stored && UUID.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    local?.setItem(VISITOR_ID_KEY, fresh);
    return fresh;
  } catch {
    return crypto.randomUUID();
  }
}

export interface ExperimentVisit {
  /** The flow with the visitor's variants applied. */
  flow: Flow;
  visitorId: string;
  assignments: Assignment[];
}

/** Assigns the visitor to the flow's running experiments (or the ones the URL overrides). */
export function startExperiments(
  flow: Flow,
  local: Pick<Storage, 'getItem' | 'setItem'> | null,
  search: string,
  now: Date,
): ExperimentVisit {
  const visitorId = visitorIdOf(local);
  const { flow: seen, assignments } = assignExperiments(flow, visitorId, now, variantOverrides(search));
  return { flow: seen, visitorId, assignments };
}
