/**
 * The Meta (Facebook) pixel behind the flow's pixel port (spec §1, §3, §4, §8).
 *
 * - Nothing loads without a pixel id. With one, Meta's events script is loaded from its public URL
 *   and the pixel initialised once per page load (a second `start`, a re-render or another adapter
 *   on the same window does not initialise it again), then a PageView is tracked.
 * - With consent 'required' nothing touches the provider — no script, no fbq call — until the visitor
 *   accepts; events raised before the choice wait for it and are dropped if the visitor declines.
 * - Lead and CompleteRegistration fire only for visitors whose landing referrer is the marketing host
 *   (see referrer-gate.ts), at most once each per session, with an `eventID` (the lead's id where there
 *   is one) so a server-side Conversions API can deduplicate them.
 * - The visitor's email never goes into an fbq call: the console only says that one is present, masked.
 */
import type { PixelEvent, PixelPort, VisitorSnapshot } from '../engine/ports.ts';
import { readConsent, saveConsent, type ConsentChoice } from './consent.ts';
import { isReferredBy } from './referrer-gate.ts';

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** The pixel's global function, as Meta's base code defines it: calls queue until the script takes over. */
export interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: (...args: unknown[]) => void;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** The window, as far as the pixel needs it. */
export interface PixelWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
  document: Pick<Document, 'createElement' | 'head'>;
}

/**
 * Where consent stands: 'off' (no pixel id), 'not-needed' (consent 'none'), 'ask' (required and not
 * chosen yet), 'reconfirm' (she accepted, but a refusal was recorded since, in another tab of the visit:
 * the refusal stands until she accepts again), or the visitor's choice.
 */
export type ConsentState = 'off' | 'not-needed' | 'ask' | 'reconfirm' | ConsentChoice;

export interface MetaPixelOptions {
  /** Empty: no pixel. */
  pixelId: string;
  consent: 'none' | 'required';
  /** The marketing homepage's host; ad events need a landing referrer from it. */
  marketingHost: string;
  /** The landing page's referrer (not the current page's). */
  referrer: string | null;
  window: PixelWindow;
  /** Where the consent choice is remembered across visits (localStorage). */
  choices: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Where the events sent in this session are remembered (sessionStorage). */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  log: { info(message: string): void; warn(message: string): void };
  /** Event ids when there is no lead id; default crypto.randomUUID. */
  newId?: () => string;
}

export interface MetaPixel extends PixelPort {
  /** Loads and initialises the pixel if it may run now (consent 'none', or granted earlier). Idempotent. */
  start(): void;
  consentState(): ConsentState;
  /**
   * The visitor's choice: remembered; granting starts the pixel and sends the events that waited. A grant
   * over a refusal stored since this page asked (another tab declined) is not taken: the state becomes
   * 'reconfirm', and only a second grant, made with the banner saying she declined earlier, counts.
   */
  decide(choice: ConsentChoice): void;
}

export const SENT_KEY = 'funnel_pixel_sent';

/** Pixel ids already initialised, per window: one page load initialises each at most once. */
const initialised = new WeakMap<object, Set<string>>();

export function createMetaPixel(options: MetaPixelOptions): MetaPixel {
  const { pixelId, consent, marketingHost, referrer, window: win, log } = options;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let choice = consent === 'required' ? readConsent(options.choices) : null;
  // She accepted over a refusal another tab stored: asked again before anything is sent.
  let reconfirming = false;
  let ready = false;
  let waiting: { event: PixelEvent; visitor: VisitorSnapshot }[] = [];

  const consentState = (): ConsentState => {
    if (!pixelId) return 'off';
    if (consent !== 'required') return 'not-needed';
    if (reconfirming) return 'reconfirm';
    return choice ?? 'ask';
  };

  function load(): void {
    if (ready) return;
    const done = initialised.get(win) ?? new Set<string>();
    initialised.set(win, done);
    ready = true;
    if (done.has(pixelId)) return;
    done.add(pixelId);
    const fbq = win.fbq ?? installBaseCode(win, () => log.warn('The ad pixel script could not be loaded'));
    // No automatic events: the pixel sends what the flow declares, not what it scrapes from the page.
    fbq('set', 'autoConfig', false, pixelId);
    if (consent === 'required') fbq('consent', 'grant');
    fbq('init', pixelId);
    fbq('track', 'PageView');
  }

  function send(event: PixelEvent, visitor: VisitorSnapshot): void {
    const fbq = win.fbq;
    if (!ready || !fbq) {
      log.warn(`Ad pixel not initialised: ${event.event} skipped`);
      return;
    }
    const eventID = visitor.leadId ?? newId();
    fbq('track', event.event, { ...event.data }, { eventID });
    markSent(options.session, event.event);
    log.info(`Ad event ${event.event} sent (event id ${eventID}; email: ${describeEmail(visitor)})`);
  }

  return {
    start() {
      const state = consentState();
      if (state === 'not-needed' || state === 'granted') load();
    },
    consentState,
    decide(next) {
      if (consentState() === 'off' || consent !== 'required') return;
      // A refusal is final for the visit: one stored since this page read the choice (another tab) is
      // not replaced by a banner that never showed it. She is told, and asked again.
      if (next === 'granted' && !reconfirming && choice === null && readConsent(options.choices) === 'denied') {
        reconfirming = true;
        log.info('Ad tracking was declined earlier in this visit: the visitor is asked to confirm the new choice');
        return;
      }
      const reconsidered = reconfirming && next === 'granted';
      reconfirming = false;
      choice = next;
      saveConsent(options.choices, next, reconsidered);
      const held = waiting;
      waiting = [];
      if (next === 'denied') {
        if (held.length > 0) log.info(`Ad tracking declined: ${held.map((h) => h.event.event).join(', ')} not sent`);
        return;
      }
      load();
      for (const { event, visitor } of held) send(event, visitor);
    },
    track(event, visitor) {
      const name = event.event;
      if (!pixelId) {
        log.warn(`Ad pixel not initialised: ${name} skipped`);
        return;
      }
      if (!isReferredBy(referrer, marketingHost)) {
        log.info(`Ad event ${name} skipped: the visitor did not arrive from ${marketingHost || 'the marketing host (not set)'}`);
        return;
      }
      if (wasSent(options.session, name) || waiting.some((held) => held.event.event === name)) {
        log.info(`Ad event ${name} skipped: already sent in this session`);
        return;
      }
      const state = consentState();
      if (state === 'denied') log.info(`Ad event ${name} skipped: the visitor declined ad tracking`);
      else if (state === 'ask' || state === 'reconfirm') {
        waiting.push({ event, visitor });
        log.info(`Ad event ${name} waits for the visitor's consent`);
      } else send(event, visitor);
    },
  };
}

/** Meta's base code: the queueing fbq stub and the async script tag. */
function installBaseCode(win: PixelWindow, onError: () => void): Fbq {
  const call = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  };
  const fbq: Fbq = Object.assign(call, { queue: [], loaded: true, version: '2.0', push: call });
  win.fbq = fbq;
  win._fbq ??= fbq;
  const script = win.document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  script.addEventListener('error', onError);
  win.document.head.appendChild(script);
  return fbq;
}

/** "present (j•••@•••)" or "none": enough to debug, nothing that identifies the visitor. */
function describeEmail(visitor: VisitorSnapshot): string {
  const candidates = [visitor.answers.email, visitor.data.contactInfo?.email];
  const email = candidates.find((value): value is string => typeof value === 'string' && value.includes('@'));
  return email ? `present (${email.trim().charAt(0)}•••@•••)` : 'none';
}

function sentEvents(storage: MetaPixelOptions['session']): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(SENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function wasSent(storage: MetaPixelOptions['session'], name: string): boolean {
  return sentEvents(storage).includes(name);
}

function markSent(storage: MetaPixelOptions['session'], name: string): void {
  try {
    storage?.setItem(SENT_KEY, JSON.stringify([...new Set([...sentEvents(storage), name])]));
  } catch {
    // Without storage an event may fire again after a reload; nothing else is lost.
  }
}
