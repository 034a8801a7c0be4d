/**
 * Everything that talks to the backend, loaded after the first paint: the outbox (one queue per tab,
 * flushed now and whenever the browser comes back online, adopting the queues of closed tabs), the
 * dead-letter store for writes the backend refused, the tracking adapter over them, and the session clock.
 */
import flow from 'virtual:flow-tracking';
// Already in the first bundle (main.tsx): its settings and declared pixel actions cost nothing more here.
import appFlow from 'virtual:flow';
import type { TrackingPort } from '../engine/ports.ts';
import type { DeriveResult } from '../engine/scope.ts';
import type { BackendConfig } from '../tracking/backend-config.ts';
import { createBackendTracking } from '../tracking/backend-tracking.ts';
import type { Campaign } from '../tracking/landing.ts';
import { createDeadLetters } from '../tracking/dead-letters.ts';
import { connectOutbox, createOutbox, type Outbox, type OutboxOptions } from '../tracking/outbox.ts';
import { openTabOutbox, type TabStorage } from '../tracking/outbox-tabs.ts';
import type { ExperimentTracking } from '../tracking/exposures.ts';
import { createRpcSender, isRetryableRpc } from '../tracking/rpc-sender.ts';
import { startSessionClock } from '../tracking/session-time.ts';
import { writeLane } from '../tracking/write-lanes.ts';
import { onConsentChoice } from '../tracking/consent.ts';
import { createServerConversions, declaredServerEvents } from '../tracking/server-conversions.ts';
import { windowDataLayer, withDataLayer } from '../tracking/data-layer.ts';
import { watchPartialLeads } from '../tracking/partial-leads.ts';
import { backendHeaders } from '../tracking/backend-config.ts';
import { fieldSpeedWrites } from '../tracking/field-speed-write.ts';
import type { ScreenReading } from '../tracking/screen-readings.ts';
export { pageBackend } from '../tracking/backend-config.ts';
import { loadSession } from '../engine/storage.ts';

/** Each tab's queue is `funnel_outbox:<tab id>`; the bare key is an earlier version's shared queue. */
export const OUTBOX_KEY = 'funnel_outbox';
/** Writes the backend refused (see dead-letters.ts). */
export const DEAD_LETTERS_KEY = 'funnel_dead_letters';

/** How long one backend write may take before it is aborted and tried again (same id, so never doubled). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A lead must survive a long outage: with backoff capped at a minute this keeps retrying for about
 * three hours of failures in this page, and the entry stays stored for the next visit in any case.
 */
const MAX_ATTEMPTS = 200;

export interface TrackingStart {
  config: BackendConfig;
  sessionId: string;
  /** Where the outbox survives reloads and visits (localStorage). */
  local: TabStorage | null;
  /** Where the session's start time is kept (sessionStorage). */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The landing page's referrer (see landing.ts). */
  referrer: string | null;
  /** The landing URL's campaign (see landing.ts). */
  campaign: Campaign;
  /** A pixel id from the environment (VITE_META_PIXEL_ID); it wins over the flow's `pixelId`. */
  envPixelId?: string | undefined;
  /** The visitor's experiment assignments and the flow's experiments (see experiments.ts). */
  experiments?: Omit<ExperimentTracking, 'storage'>;
  /** The flow's computed result, as the screens derive it: the lead carries what tracking.lead names. */
  deriveResult?: DeriveResult;
  warn: (message: string) => void;
}

/**
 * An outbox on this tab's own queue, adopting closed tabs' queues, flushed now and whenever the browser
 * comes back online. Web Locks come from the browser; without them every tab shares `base`.
 */
function startOutbox(
  local: TabStorage | null,
  base: string,
  options: Omit<OutboxOptions, 'storage' | 'key' | 'timeoutMs'>,
): Outbox {
  const tab = openTabOutbox({
    base,
    storage: local,
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    events: window,
  });
  const outbox = createOutbox({
    ...options,
    storage: tab.storage,
    key: tab.key,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  tab.adoptInto(outbox);
  connectOutbox(outbox);
  void outbox.flush();
  return outbox;
}

/** The tracking port, and where field speed readings go: the same outbox as the step views. */
export interface StartedTracking {
  tracking: TrackingPort;
  fieldReading: (reading: ScreenReading) => void;
}

export function startTracking(options: TrackingStart): StartedTracking {
  const { warn } = options;
  const deadLetters = createDeadLetters({ storage: options.local, key: DEAD_LETTERS_KEY, log: warn });
  const outbox = startOutbox(options.local, OUTBOX_KEY, {
    send: createRpcSender(options.config).send,
    // Only a lead and its updates wait for each other; a hung lead save never holds a step view.
    laneOf: writeLane,
    retryable: isRetryableRpc,
    maxAttempts: MAX_ATTEMPTS,
    // Never forgotten: kept and reported (see dead-letters.ts); a lead's form also shows the refusal.
    onDrop: (entry, error) => void deadLetters.keep(entry, error),
  });
  startSessionClock({
    config: options.config,
    sessionId: options.sessionId,
    storage: options.session,
    log: warn,
  });
  const { settings } = appFlow;
  // The server holds a Lead queued before the choice; the choice releases or deletes it.
  if (settings.consent === 'required') {
    // `reconsidered`: she accepted again after being told she had declined (the server keeps a
    // recorded refusal against any other grant).
    onConsentChoice((consent, reconsidered) => {
      const args = { session_id: options.sessionId, consent, ...(reconsidered ? { reconsidered: true } : {}) };
      outbox.enqueue('record_ad_consent', args).catch(() =>
        warn('The ad consent choice was not recorded by the backend'),
      );
    });
  }
  const conversions = createServerConversions({
    pixelId: options.envPixelId || settings.pixelId || '',
    consent: settings.consent ?? 'none',
    marketingHost: settings.marketingHost ?? '',
    referrer: options.referrer,
    events: declaredServerEvents(appFlow.screens),
    choices: options.local,
    page: () => ({ url: window.location.href, cookie: document.cookie }),
  });
  const tracking = createBackendTracking({
    outbox,
    conversions,
    page: {
      userAgent: navigator.userAgent,
      referrer: options.referrer,
      campaign: options.campaign,
      // The language the visit is shown in (issue 32 sets <html lang> once per visit).
      language: () => document.documentElement.lang,
    },
    flow: {
      id: flow.id,
      version: flow.version,
      revision: flow.revision,
      ...(flow.tracking ? { tracking: flow.tracking } : {}),
    },
    // Exposures already recorded are kept beside the outbox, so reloads and tabs don't repeat them.
    ...(options.experiments ? { experiments: { ...options.experiments, storage: options.local } } : {}),
    log: warn,
    deadLetters,
    ...(options.deriveResult ? { deriveResult: options.deriveResult } : {}),
  });
  if (settings.partialLeads) startPartialLeads(options, settings.partialLeads.afterHiddenSeconds);
  // Performance data with no personal data, under the same rules as the step views: the same outbox.
  const fieldReading = fieldSpeedWrites({
    outbox,
    sessionId: options.sessionId,
    flow: { id: flow.id, revision: flow.revision },
    page: browserFacts(),
    log: warn,
  });
  if (!settings.dataLayer) return { tracking, fieldReading };
  const layered = withDataLayer(tracking, {
    flow: { id: flow.id, version: flow.version, revision: flow.revision },
    consent: settings.consent ?? 'none',
    choices: options.local,
    target: windowDataLayer,
    variants: () =>
      Object.fromEntries((options.experiments?.assignments ?? []).map((a) => [a.experiment, a.variant])),
  });
  return { tracking: layered, fieldReading };
}

/** What a field speed reading says of the browser: viewport, UA-CH `mobile`, connection, language. */
function browserFacts() {
  const nav: Navigator & { userAgentData?: { mobile?: boolean }; connection?: { effectiveType?: string } } =
    navigator;
  return {
    width: () => window.innerWidth,
    mobile: () => nav.userAgentData?.mobile,
    connection: () => nav.connection?.effectiveType,
    language: () => document.documentElement.lang,
  };
}

/** Partial leads (see partial-leads.ts), sent with fetch keepalive so a closing tab still delivers them. */
function startPartialLeads(options: TrackingStart, afterHiddenSeconds: number): void {
  const { config } = options;
  watchPartialLeads({
    afterHiddenSeconds,
    flow: { id: flow.id, version: flow.version, revision: flow.revision },
    read: () => loadSession(sessionStore(), appFlow),
    language: () => document.documentElement.lang,
    send: (args) => {
      fetch(`${config.url}/rest/v1/rpc/save_quiz_completion`, {
        method: 'POST',
        headers: backendHeaders(config),
        body: JSON.stringify(args),
        keepalive: true,
      }).catch(() => options.warn('A partial lead could not be sent'));
    },
    page: {
      addEventListener: (type, listener) =>
        type === 'pagehide' ? window.addEventListener(type, listener) : document.addEventListener(type, listener),
      hidden: () => document.visibilityState === 'hidden',
    },
  });
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
