/**
 * The visitor's experiments, decided before the machine is compiled: her visitor id (kept in
 * localStorage, so it is the same across reloads and tabs), the variant of each running experiment
 * (sticky: a hash of experiment and visitor id; `?variant=<experiment>:<variant>` overrides it for QA),
 * and the patches her variants apply to the flow before the machine is compiled (main.tsx).
 */
import { assignVariants, variantOverrides, type Assignment } from '../engine/experiment-assignment.ts';
import type { Patch } from '../engine/flow.gen.ts';
import type { Flow } from '../engine/flow-model.ts';

export const VISITOR_ID_KEY = 'funnel_visitor_id';

/** The stored visitor id, or a new one stored now (not sticky when storage is unavailable). */
function visitorIdOf(local: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  try {
    const stored = local?.getItem(VISITOR_ID_KEY);
    // A UUID is 36 characters; anything else (a foreign or cut value) is replaced.
    if (stored?.length === 36) return stored;
    const fresh = crypto.randomUUID();
    local?.setItem(VISITOR_ID_KEY, fresh);
    return fresh;
  } catch {
    return crypto.randomUUID();
  }
}

export interface ExperimentVisit {
  visitorId: string;
  assignments: Assignment[];
  /** The patches her variants apply to the flow (none for a control or when no experiment runs). */
  patches: Patch[];
}

/** Assigns the visitor to the flow's running experiments (or the ones the URL overrides). */
export function startExperiments(
  flow: Flow,
  local: Pick<Storage, 'getItem' | 'setItem'> | null,
  search: string,
  now: Date,
): ExperimentVisit {
  const visitorId = visitorIdOf(local);
  return { visitorId, ...assignVariants(flow, visitorId, now, variantOverrides(search)) };
}
