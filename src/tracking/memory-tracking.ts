/**
 * Tracking kept in memory: what the funnel would send, in order. Used by tests, Storybook and the
 * local build until the backend adapter replaces it behind the same port.
 */
import type { JourneyStep, Track } from '../engine/flow.gen.ts';
import type { PixelPort, TrackingPort, VisitorSnapshot } from '../engine/ports.ts';

export type TrackedCall =
  | { type: 'screenViewed'; screenId: string; track: Track; sessionId: string }
  | { type: 'journeyReached'; step: JourneyStep; sessionId: string }
  | { type: 'stepTracked'; name: string; number: number; completed: boolean; sessionId: string }
  | { type: 'leadSaved'; id: string; sessionId: string; answers: VisitorSnapshot['answers'] }
  | { type: 'finalClick'; sessionId: string; leadId: string | null }
  | { type: 'pixel'; event: 'Lead' | 'CompleteRegistration'; sessionId: string };

export interface MemoryTracking extends TrackingPort, PixelPort {
  readonly calls: TrackedCall[];
}

/**
 * `failLeads` makes saveLead reject (to test the visitor-facing error); `refuseLeads` makes it reject
 * as the backend refuses an input (a field and its reason).
 */
export function createMemoryTracking(
  options: { failLeads?: () => boolean; refuseLeads?: () => { field: string; reason: string } | null } = {},
): MemoryTracking {
  const calls: TrackedCall[] = [];
  return {
    calls,
    screenViewed(track, screenId, visitor) {
      calls.push({ type: 'screenViewed', screenId, track, sessionId: visitor.sessionId });
    },
    journeyReached(step, visitor) {
      calls.push({ type: 'journeyReached', step, sessionId: visitor.sessionId });
    },
    stepTracked(step, visitor) {
      calls.push({ type: 'stepTracked', ...step, sessionId: visitor.sessionId });
    },
    saveLead(visitor) {
      if (options.failLeads?.()) return Promise.reject(new Error('lead save failed'));
      const refusal = options.refuseLeads?.();
      if (refusal) return Promise.reject(Object.assign(new Error(`refused ${refusal.field}`), refusal));
      const id = visitor.leadId;
      calls.push({ type: 'leadSaved', id, sessionId: visitor.sessionId, answers: visitor.answers });
      return Promise.resolve({ id });
    },
    finalClick(visitor) {
      calls.push({ type: 'finalClick', sessionId: visitor.sessionId, leadId: visitor.leadId });
    },
    track({ event }, visitor) {
      calls.push({ type: 'pixel', event, sessionId: visitor.sessionId });
    },
  };
}
