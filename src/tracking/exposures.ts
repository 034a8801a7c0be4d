/**
 * Exposures: an experiment counts a visitor once, when she first reaches a screen the experiment
 * changes (never on assignment alone, so visitors who leave before that screen don't dilute the
 * arms). The experiments already recorded are kept in localStorage, so a reload or a second tab
 * doesn't send it again; the database keeps one row per visitor and experiment in any case.
 */
import type { Assignment } from '../engine/experiment-assignment.ts';
import { exposureScreens } from '../engine/exposure-screens.ts';
import type { Experiment } from '../engine/flow.gen.ts';

export const EXPOSURES_KEY = 'funnel_exposures';

/** The `variants` argument of the tracking records: `{ "<experiment>": { variant, override } }`. */
export type VariantsArg = Record<string, { variant: string; override: boolean }>;

/** The assignments as the records' `variants` argument (null when there are none). */
export function variantsArg(assignments: readonly Assignment[]): VariantsArg | null {
  if (assignments.length === 0) return null;
  return Object.fromEntries(
    assignments.map((a) => [a.experiment, { variant: a.variant, override: a.override }]),
  );
}

export interface ExperimentTracking {
  visitorId: string;
  assignments: readonly Assignment[];
  /** The flow's experiments (where each one exposes). */
  experiments: readonly Experiment[];
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
 * The `track_exposure` arguments due now that `screenId` is shown (usually none): experiments not
 * recorded yet (nor `sending` in this page) that change this screen. `eventId` gives each its id.
 */
export function exposuresDue(
  experiments: ExperimentTracking | undefined,
  screenId: string,
  sessionId: string,
  now: Date,
  eventId: () => string,
  sending: ReadonlySet<string> = new Set(),
): Record<string, unknown>[] {
  if (!experiments) return [];
  const done = recorded(experiments.storage);
  const due = experiments.assignments.filter((a) => {
    const definition = experiments.experiments.find((e) => e.id === a.experiment);
    const where = definition ? exposureScreens(definition) : { screens: [], everywhere: false };
    const waiting = done.includes(a.experiment) || sending.has(a.experiment);
    return !waiting && (where.everywhere || where.screens.includes(screenId));
  });
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

/**
 * Marks an experiment's exposure recorded, once the backend has it: a page left before that sends it
 * again from the next page or tab (the database keeps the first row only), so none is lost.
 */
export function markExposed(experiments: ExperimentTracking | undefined, experiment: string): void {
  if (!experiments) return;
  const done = recorded(experiments.storage);
  if (done.includes(experiment)) return;
  try {
    experiments.storage?.setItem(EXPOSURES_KEY, JSON.stringify([...done, experiment]));
  } catch {
    // Without storage a later page may send it again; the database keeps the first one only.
  }
}
