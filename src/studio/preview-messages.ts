/** What the studio sends its preview frame: the flow to run, the screen to open and the visitor. */
import type { Flow } from '../engine/flow-model.ts';
import type { SeededVisit } from '../flow-stories/seeded-visits.ts';

export interface PreviewShow {
  type: 'studio:show';
  /** Changes whenever the funnel must start again (new flow, screen or visitor). */
  stamp: number;
  flow: Flow;
  /** The address the funnel opens at (the screen's route). */
  path: string;
  /** The button to press first, for a screen without a route. */
  via?: string;
  visit: SeededVisit;
}

/** The frame tells the studio which screen the funnel is on (she may have walked on). */
export interface PreviewShown {
  type: 'studio:shown';
  stamp: number;
  path: string;
}

export function isPreviewShow(value: unknown): value is PreviewShow {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'studio:show';
}
