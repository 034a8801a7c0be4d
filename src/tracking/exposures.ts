/**
 * Exposures: an experiment counts a visitor once, when she first reaches a screen the experiment
 * changes (never on assignment alone, so visitors who leave before that screen don't dilute the
 * arms). The experiments already recorded are kept in localStorage, so a reload or a second tab
 * doesn't send it again; the database keeps one row per visitor and experiment in any case.
 */
import type { Assignment } from '../engine/experiment-assignment.ts';

export const EXPOSURES_KEY = 'funnel_exposures';

export interface ExperimentTracking {
  visitorId: string;
  assignments: readonly Assignment[];
  /** Where the recorded experiment ids survive reloads and tabs (localStorage). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function recorded(storage: ExperimentTracking['storage']): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(EXPOSURES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The `track_exposure` arguments due now that `screenId` is shown (usually none), marking them
 * recorded. `eventId` makes each argument set its own outbox entry id.
 */
export function exposuresDue(
  experiments: ExperimentTracking | undefined,
  screenId: string,
  sessionId: string,
  now: Date,
  eventId: () => string,
): Record<string, unknown>[] {
  if (!experiments) return [];
  const done = recorded(experiments.storage);
  const due = experiments.assignments.filter(
    (a) => !done.includes(a.experiment) && (a.everywhere || a.screens.includes(screenId)),
  );
  if (due.length === 0) return [];
  try {
    experiments.storage?.setItem(EXPOSURES_KEY, JSON.stringify([...done, ...due.map((a) => a.experiment)]));
  } catch {
    // Without storage a reload may send it again; the database keeps the first one only.
  }
  return due.map((a) => ({
    event_id: eventId(),
    visitor_id: experiments.visitorId,
    session_id: sessionId,
    experiment: a.experiment,
    variant: a.variant,
    screen: screenId,
    override: a.override,
    exposed_at: now.toISOString(),
  }));
}
