/**
 * Everything that talks to the backend, loaded after the first paint: the outbox (flushed now, and
 * whenever the browser comes back online), the tracking adapter over it, and the session clock.
 */
import flow from 'virtual:flow';
import type { Assignment } from '../engine/experiment-assignment.ts';
import type { LeadSink } from '../engine/flow.gen.ts';
import type { TrackingPort } from '../engine/ports.ts';
import type { BackendConfig } from '../tracking/backend-config.ts';
import { createBackendTracking } from '../tracking/backend-tracking.ts';
import type { Campaign } from '../tracking/landing.ts';
import {
  createLeadSinks,
  createWebhookSender,
  LEAD_SINKS_KEY,
  type NewLead,
} from '../tracking/lead-sinks.ts';
import { connectOutbox, createOutbox } from '../tracking/outbox.ts';
import { createRpcSender, isRetryableRpc, RpcError } from '../tracking/rpc-sender.ts';
import { startSessionClock } from '../tracking/session-time.ts';

export const OUTBOX_KEY = 'funnel_outbox';

/**
 * A lead must survive a long outage: with backoff capped at a minute this keeps retrying for about
 * three hours of failures in this page, and the entry stays stored for the next visit in any case.
 */
const MAX_ATTEMPTS = 200;

export interface TrackingStart {
  config: BackendConfig;
  sessionId: string;
  /** Where the outbox survives reloads and visits (localStorage). */
  local: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where the session's start time is kept (sessionStorage). */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The landing page's referrer (see landing.ts). */
  referrer: string | null;
  /** The landing URL's campaign (see landing.ts). */
  campaign: Campaign;
  /** The visitor's experiment assignments (see experiments.ts); their exposures are kept in `local`. */
  experiments?: { visitorId: string; assignments: readonly Assignment[] };
  /** The flow's lead sinks (settings.leadSinks); none: no webhook is called. */
  leadSinks: readonly LeadSink[];
  warn: (message: string) => void;
}

/** Why a write was given up, without the visitor's data: our RPCs' field messages hold none. */
function reason(error: unknown): string {
  if (!(error instanceof RpcError)) return 'unknown error';
  return error.code === '22023' ? error.message : `HTTP ${error.status || 'network'} ${error.code}`.trim();
}

export function startTracking(options: TrackingStart): TrackingPort {
  const { warn } = options;
  const outbox = createOutbox({
    storage: options.local,
    key: OUTBOX_KEY,
    send: createRpcSender(options.config).send,
    retryable: isRetryableRpc,
    maxAttempts: MAX_ATTEMPTS,
    onDrop: (entry, error) => warn(`Gave up on ${entry.fn}: ${reason(error)}`),
  });
  connectOutbox(outbox);
  void outbox.flush();
  startSessionClock({
    config: options.config,
    sessionId: options.sessionId,
    storage: options.session,
    log: warn,
  });
  return createBackendTracking({
    outbox,
    page: { userAgent: navigator.userAgent, referrer: options.referrer, campaign: options.campaign },
    flow: { id: flow.id, version: flow.version, ...(flow.tracking ? { tracking: flow.tracking } : {}) },
    ...(options.experiments
      ? {
          experiments: {
            ...options.experiments,
            experiments: flow.experiments ?? [],
            storage: options.local,
          },
        }
      : {}),
    log: warn,
    onLead: startLeadSinks(options),
  });
}

/**
 * The lead webhooks, on an outbox of their own so a broken receiver never holds back the backend's
 * writes. Deliveries still pending from an earlier page are sent now.
 */
function startLeadSinks(options: TrackingStart): ((lead: NewLead) => void) | undefined {
  const { leadSinks: sinks, warn } = options;
  const outbox = createOutbox({
    storage: options.local,
    key: LEAD_SINKS_KEY,
    send: createWebhookSender(sinks),
    maxAttempts: MAX_ATTEMPTS,
    onDrop: (entry, error) =>
      warn(
        `Gave up on lead webhook ${entry.id}: ${error instanceof Error ? error.message : 'unknown error'}`,
      ),
  });
  connectOutbox(outbox);
  void outbox.flush();
  if (sinks.length === 0) return undefined;
  return createLeadSinks({ sinks, outbox, campaign: options.campaign, log: warn });
}
