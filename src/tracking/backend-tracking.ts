/**
 * The tracking port over the backend's RPCs (spec §7): journey steps, step views and progress, the
 * quiz completion (the lead) and the final click. Every write goes through the outbox, so a flaky phone
 * connection delays a row but never loses it, and a retry never doubles it. Tracking never throws into
 * the funnel: failures only reach the console, without personal data.
 */
import type { Track, Tracking } from '../engine/flow.gen.ts';
import type { TrackingPort, VisitorSnapshot } from '../engine/ports.ts';
import type { DeriveResult } from '../engine/scope.ts';
import type { DeadLetters } from './dead-letters.ts';
import { exposuresDue, markExposed, variantsArg, type ExperimentTracking } from './exposures.ts';
import type { Campaign } from './landing.ts';
import { languageArg } from './language-arg.ts';
import { leadResult, withLeadValue } from './lead-result.ts';
import type { Outbox } from './outbox.ts';
import type { ServerConversions } from './server-conversions.ts';

export interface BackendTrackingOptions {
  outbox: Pick<Outbox, 'enqueue' | 'pending'>;
  /**
   * The browser and the landing referrer, sent with journey steps and step views, and the landing
   * campaign, sent with journey steps and the lead.
   */
  page: {
    userAgent: string;
    referrer: string | null;
    campaign?: Campaign;
    /** The visit's language (`<html lang>`), read at each write; sent with step views and the lead. */
    language?: () => string | null | undefined;
  };
  /**
   * The running flow: its id and version go with every lead and tracking row, its journey steps give
   * each step's position, and its leadColumns say which answers also fill the lead table's own columns.
   */
  flow?: LeadFlow;
  /** The visitor's experiment variants: sent with every step view, journey step and lead, and exposures. */
  experiments?: ExperimentTracking;
  /** Console output for developers (never personal data). */
  log: (message: string) => void;
  /** Where the outbox keeps refused writes; a lead that lands clears the refused leads of its session. */
  deadLetters?: Pick<DeadLetters, 'forget'>;
  /**
   * A new lead was queued for the backend (not a second tap reusing a pending one): `id` is its row id,
   * `args` what `save_quiz_completion` receives. Lead sinks hang off this.
   */
  onLead?: (lead: { id: string; args: Record<string, unknown>; visitor: VisitorSnapshot }) => void;
  /** The server-side Meta events (see server-conversions.ts); none: the backend queues none. */
  conversions?: ServerConversions;
  /**
   * Derives the flow's computed result from answers and data (as the screens do): the lead carries the
   * ones the flow's tracking.lead names (see lead-result.ts). None: the lead carries no result.
   */
  deriveResult?: DeriveResult;
  now?: () => Date;
}

/** What the sender needs of the flow. */
export interface LeadFlow {
  id: string;
  version: number;
  /**
   * The flow's revision, stamped by the build (common/flow-revision.ts): it goes with every lead,
   * step view, journey step and exposure. Left out when unknown (the backend then records `unknown`).
   */
  revision?: string;
  tracking?: Tracking;
}

/** Step views count under flow step 1 unless the flow says otherwise (spec §4). */
const DEFAULT_STEP_NUMBER = 1;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** An answer as a lead column takes it: whole numbers, trimmed text, lists of text; else null. */
function columnValue(value: unknown): number | string | string[] | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (Array.isArray(value)) return list(value);
  return text(value);
}

/** The visitor's email: the answer, else what a contact form stored. */
function emailOf(visitor: VisitorSnapshot): string | null {
  return text(visitor.answers.email) ?? text(visitor.data.contactInfo?.email);
}

/** The campaign argument, left out when the landing had none (the RPCs take it as optional). */
function campaignArg(campaign: Campaign | undefined): { campaign?: Campaign } {
  return campaign && Object.keys(campaign).length > 0 ? { campaign } : {};
}

/** The flow's revision argument, left out when unknown. */
function revisionArg(flow: LeadFlow | undefined): { revision?: string } {
  return flow?.revision ? { revision: flow.revision } : {};
}

/** The flow's id (and version) and revision, left out when the sender was given no flow. */
function flowArgs(flow: LeadFlow | undefined, withVersion: boolean): Record<string, unknown> {
  if (!flow) return {};
  const id = withVersion ? { flow_id: flow.id, flow_version: flow.version } : { flow_id: flow.id };
  return { ...id, ...revisionArg(flow) };
}

/**
 * The row `save_quiz_completion` takes: name and email, every answer, the flow's id, version and
 * revision, the columns the flow maps answers to (its tracking.leadColumns), and the campaign.
 */
export function quizCompletionArgs(
  visitor: VisitorSnapshot & { leadId: string },
  campaign?: Campaign,
  flow?: LeadFlow,
): Record<string, unknown> {
  const { answers } = visitor;
  const columns = Object.entries(flow?.tracking?.leadColumns ?? {}).map(([column, answer]) => [
    column,
    answer === undefined ? null : columnValue(answers[answer]),
  ]);
  return {
    id: visitor.leadId,
    session_id: visitor.sessionId,
    name: text(answers.name) ?? text(visitor.data.contactInfo?.name),
    email: emailOf(visitor),
    ...Object.fromEntries(columns),
    answers,
    ...flowArgs(flow, true),
    ...campaignArg(campaign),
  };
}

export function createBackendTracking(options: BackendTrackingOptions): TrackingPort {
  const { outbox, page, log, flow } = options;
  const journeySteps: readonly string[] = flow?.tracking?.journeySteps ?? [];
  const now = options.now ?? (() => new Date());
  const variants = variantsArg(options.experiments?.assignments ?? []);
  /** Exposures sent from this page and not yet confirmed (see markExposed). */
  const sending = new Set<string>();
  /** The `variants` argument, left out when no experiment runs (older backends don't take it). */
  const variantArgs: Record<string, unknown> = variants ? { variants } : {};

  /**
   * Fire and forget. After a failed first try the console says what became of the write: still queued
   * (retried), or refused and kept aside by the outbox's dead-letter store (which reports why).
   */
  const send = (fn: string, args: Record<string, unknown>, failure: string, id = crypto.randomUUID()) => {
    outbox.enqueue(fn, args, { id }).catch(() => log(`${failure}; ${fate(id)}`));
  };
  const fate = (id: string) =>
    outbox.pending().some((entry) => entry.id === id)
      ? 'it stays queued and will be retried'
      : 'it was refused and kept in the dead-letter store';

  const stepView = (visitor: VisitorSnapshot, name: string, number: number, completed: boolean) => {
    const eventId = crypto.randomUUID();
    send(
      'track_step_view',
      {
        event_id: eventId,
        session_id: visitor.sessionId,
        step_name: name,
        step_number: number,
        completed,
        user_agent: page.userAgent,
        referrer: page.referrer,
        visited_at: now().toISOString(),
        ...flowArgs(flow, false),
        ...variantArgs,
        ...languageArg(page.language?.()),
      },
      'Failed to track quiz step',
      eventId,
    );
  };

  const journey = (visitor: VisitorSnapshot, step: string) => {
    // The step's position in the flow's journey (the backend falls back to the spec's order without it).
    const position = journeySteps.indexOf(step) + 1;
    send(
      'track_journey_step',
      {
        session_id: visitor.sessionId,
        step,
        user_agent: page.userAgent,
        referrer: page.referrer,
        ...campaignArg(page.campaign),
        ...(position > 0 ? { step_number: position } : {}),
        ...flowArgs(flow, false),
        ...variantArgs,
      },
      'Failed to track journey step',
    );
  };

  const finalClickMeta = (visitor: VisitorSnapshot): Record<string, unknown> => {
    const meta = visitor.leadId ? options.conversions?.metaFor('CompleteRegistration') : null;
    return meta ? { lead_id: visitor.leadId, meta } : {};
  };

  return {
    screenViewed(track: Track, screenId, visitor) {
      if (track.journey) journey(visitor, track.journey);
      for (const args of exposuresDue(
        options.experiments,
        screenId,
        visitor.sessionId,
        now(),
        () => '',
        sending,
      )) {
        // The exposure's event id is its outbox entry id, so a retry writes one row.
        const id = crypto.randomUUID();
        const experiment = String(args['experiment']);
        sending.add(experiment);
        outbox.enqueue('track_exposure', { ...args, ...revisionArg(flow), event_id: id }, { id }).then(
          () => markExposed(options.experiments, experiment),
          () => log(`Failed to record an experiment exposure; ${fate(id)}`),
        );
      }
      if (track.step) {
        const number = track.stepNumber ?? DEFAULT_STEP_NUMBER;
        stepView(visitor, track.step, number, false);
        send(
          'track_step_progress',
          {
            session_id: visitor.sessionId,
            step_name: track.step,
            step_number: number,
            visited_at: now().toISOString(),
          },
          'Failed to track quiz step progress',
        );
      }
    },
    journeyReached(step, visitor) {
      journey(visitor, step);
    },
    stepTracked(step, visitor) {
      stepView(visitor, step.name, step.number, step.completed);
    },
    async saveLead(visitor) {
      const result = leadResult(flow?.tracking?.lead, options.deriveResult, visitor);
      const args: Record<string, unknown> = {
        ...quizCompletionArgs(visitor, page.campaign, flow),
        ...variantArgs,
        ...(result ? { result } : {}),
        ...languageArg(page.language?.()),
      };
      // The same answers sent again (a second tap after an error) reuse the pending lead, not a new row.
      const { id: _id, ...content } = args;
      const dedupeKey = JSON.stringify(content);
      const pending = outbox.pending().find((entry) => entry.dedupeKey === dedupeKey)?.id;
      const id = pending ?? visitor.leadId;
      const meta = withLeadValue(options.conversions?.metaFor('Lead'), flow?.tracking?.lead, result);
      const saved = outbox.enqueue('save_quiz_completion', { ...args, id, ...(meta ? { meta } : {}) }, { id, dedupeKey });
      if (!pending) options.onLead?.({ id, args: { ...args, id }, visitor });
      await saved.catch((error: unknown) => {
        log(`Lead not saved yet; ${fate(id)}`);
        throw error;
      });
      // A lead of this session the backend refused before has now been corrected and sent.
      options.deadLetters?.forget(
        ({ entry }) => entry.fn === 'save_quiz_completion' && entry.args.session_id === visitor.sessionId,
      );
      return { id };
    },
    finalClick(visitor) {
      const assessmentId = text(visitor.data.assessmentData?.id);
      send(
        'record_final_click',
        {
          session_id: visitor.sessionId,
          assessment_id: assessmentId && /^[0-9a-f-]{36}$/i.test(assessmentId) ? assessmentId : null,
          email: emailOf(visitor),
          // The server's CompleteRegistration shares the lead id, the browser pixel's eventID.
          ...finalClickMeta(visitor),
        },
        'Failed to record the final click',
      );
    },
  };
}
