/**
 * Side-effect ports the machine's actions call. Adapters (in-memory, Supabase, pixel, …) plug in from
 * src/app; the engine never knows which. Every method must be safe to call: tracking never throws.
 */
import type { Answers, StoredData } from './flow-model.ts';
import type { JourneyStep, PixelAction, Track } from './flow.gen.ts';

/** What a port call knows about the visitor. */
export interface VisitorSnapshot {
  sessionId: string;
  answers: Answers;
  data: StoredData;
  leadId: string | null;
}

export interface TrackingPort {
  /** A screen was shown; `track` is its flow declaration. */
  screenViewed(track: Track, screenId: string, visitor: VisitorSnapshot): void;
  /** The visitor reached a journey step outside a screen view, e.g. a form was sent. */
  journeyReached(step: JourneyStep, visitor: VisitorSnapshot): void;
  /** A named step happened, e.g. treatment-projection-completed. */
  stepTracked(step: { name: string; number: number; completed: boolean }, visitor: VisitorSnapshot): void;
  /**
   * Save the lead under `visitor.leadId` (a fresh id per save, so a retried send writes one row).
   * Resolves with the saved lead's id once the backend has it; rejects when the visitor should be
   * told (the adapter keeps the lead and still delivers it later).
   */
  saveLead(visitor: VisitorSnapshot & { leadId: string }): Promise<{ id: string }>;
  /** The final call to action was clicked. */
  finalClick(visitor: VisitorSnapshot): void;
}

export interface AnalysisPort {
  /**
   * Analyse a photo (a data URL) with the answers; resolves with the assessment to store. `null`: the
   * visitor goes on without a photo, so the estimate comes from the answers alone. A refusal the
   * visitor can act on (no face) rejects with an error carrying its `code`.
   */
  analyzePhoto(image: string | null, visitor: VisitorSnapshot): Promise<Record<string, unknown>>;
}

/** An ad event as the flow declares it: its name and its parameters. */
export type PixelEvent = PixelAction['params'];

export interface PixelPort {
  /** Send an ad event (the adapter applies consent and referrer gating). */
  track(event: PixelEvent, visitor: VisitorSnapshot): void;
}

export interface NavigationPort {
  /** Leave the funnel for an external page. */
  redirect(url: string): void;
}

export interface LogPort {
  /** A message for developers; never personal data. */
  warn(message: string): void;
}

export interface FunnelPorts {
  tracking: TrackingPort;
  analysis: AnalysisPort;
  pixel: PixelPort;
  navigation: NavigationPort;
  log: LogPort;
}
