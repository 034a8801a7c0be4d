/**
 * The machine's input (what the app knows when the funnel starts) and its context (what it keeps).
 */
import type { Answers, StoredData } from './flow-model.ts';
import type { ResumedTimer } from './timed-visit.ts';

/** What the app knows when the funnel starts: the address, and what storage held. */
export interface FunnelInput {
  path: string;
  answers: Answers;
  data: StoredData;
  sessionId: string;
  /** A timed screen the visitor was on before a reload, to finish its timer from where it was. */
  resume?: ResumedTimer | undefined;
  /** The photo screen where a photo was chosen before a reload (photos are never stored). */
  lostPhoto?: string | undefined;
}

export interface FunnelContext extends FunnelInput {
  /** The chosen photo (data URL); kept in memory only. */
  photo: string | null;
  /** A message for the visitor after failed work. */
  error: string | null;
  /** The form field `error` is about (an input the backend refused), or null. */
  errorField: string | null;
  /** Id of the saved lead, once known. */
  leadId: string | null;
  /** Counts screen visits: each entry into a screen is a new visit; one Continue per visit. */
  visit: number;
  /** When the current visit began (ms since the epoch); timed screens count from it. */
  enteredAt: number;
}
