/**
 * The visitor's experiments, decided before the machine is compiled: her visitor id (kept in
 * localStorage, so it is the same across reloads and tabs), the variant of each running experiment
 * (sticky: a hash of experiment and visitor id; `?variant=<experiment>:<variant>` overrides it for QA),
 * and the flow with her variants applied, which is the flow that runs.
 */
import { assignExperiments, variantOverrides, type Assignment } from '../engine/experiment-assignment.ts';
import type { Flow } from '../engine/flow-model.ts';

export const VISITOR_ID_KEY = 'funnel_visitor_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a phone on a LAN address over http has only getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored visitor id, or a new one stored now (not sticky when storage is unavailable). */
function visitorIdOf(local: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  try {
    const stored = local?.getItem(VISITOR_ID_KEY);
    if (stored && UUID.test(stored)) return stored;
    const fresh = newId();
    local?.setItem(VISITOR_ID_KEY, fresh);
    return fresh;
  } catch {
    return newId();
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
