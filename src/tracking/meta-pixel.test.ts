// @vitest-environment jsdom
/**
 * The pixel adapter against a fake window: what reaches `fbq` (Meta's queue), which script is
 * requested, and what is held back by consent, referrer gating and the once-per-session rule.
 */
import { describe, expect, it } from 'vitest';
import type { PixelEvent, VisitorSnapshot } from '../engine/ports.ts';
import { CONSENT_KEY } from './consent.ts';
import { createMetaPixel, PIXEL_SCRIPT_URL, type MetaPixelOptions, type PixelWindow } from './meta-pixel.ts';

const PIXEL = '123456789012345';
const LEAD_ID = '22222222-2222-4222-8222-222222222222';
const EMAIL = 'jane.doe@example.com';
const LEAD: PixelEvent = {
  event: 'Lead',
  data: { content_name: 'Anti-Aging Assessment', content_category: 'Lead Generation', value: 1, currency: 'USD' },
};
const COMPLETE: PixelEvent = {
  event: 'CompleteRegistration',
  data: { content_name: 'Anti-Aging Assessment Complete', value: 1, currency: 'USD' },
};

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

/** A window whose document only records the scripts added to it. */
function fakeWindow(): PixelWindow & { scripts: HTMLScriptElement[] } {
  const scripts: HTMLScriptElement[] = [];
  const head = { appendChild: (node: HTMLScriptElement) => (scripts.push(node), node) };
  return {
    scripts,
    document: {
      createElement: (tag: string) => document.createElement(tag),
      head: Object.assign(document.createElement('head'), head),
    },
  };
}

function visitor(overrides: Partial<VisitorSnapshot> = {}): VisitorSnapshot {
  return {
    sessionId: '11111111-1111-4111-8111-111111111111',
    answers: { name: 'Jane', email: EMAIL },
    data: { contactInfo: { name: 'Jane', email: EMAIL } },
    leadId: LEAD_ID,
    ...overrides,
  };
}

function setup(overrides: Partial<MetaPixelOptions> = {}) {
  const win = fakeWindow();
  const logs: { level: 'info' | 'warn'; message: string }[] = [];
  const options: MetaPixelOptions = {
    pixelId: PIXEL,
    consent: 'none',
    marketingHost: 'brand.com',
    referrer: 'https://www.brand.com/skin',
    window: win,
    choices: memoryStorage(),
    session: memoryStorage(),
    log: {
      info: (message) => logs.push({ level: 'info', message }),
      warn: (message) => logs.push({ level: 'warn', message }),
    },
    newId: () => 'generated-id',
    ...overrides,
  };
  const pixel = createMetaPixel(options);
  /** Every fbq call so far, as its argument list. */
  const calls = () => win.fbq?.queue ?? [];
  const scriptUrls = () => win.scripts.map((script) => script.src);
  return { pixel, win, logs, calls, scriptUrls, options };
}

describe('loading and initialising', () => {
  it('without a pixel id loads nothing, calls nothing and warns when an event is skipped', () => {
    const { pixel, win, logs } = setup({ pixelId: '' });
    pixel.start();
    pixel.track(LEAD, visitor());
    expect(win.fbq).toBeUndefined();
    expect(win.scripts).toEqual([]);
    expect(pixel.consentState()).toBe('off');
    expect(logs).toEqual([{ level: 'warn', message: 'Ad pixel not initialised: Lead skipped' }]);
  });

  it('loads the events script from the provider and initialises once, with one PageView', () => {
    const { pixel, calls, scriptUrls, options } = setup();
    pixel.start();
    pixel.start();
    // A second adapter on the same page (a re-created app) does not initialise the pixel again.
    createMetaPixel(options).start();
    expect(scriptUrls()).toEqual([PIXEL_SCRIPT_URL]);
    expect(calls()).toEqual([
      ['set', 'autoConfig', false, PIXEL],
      ['init', PIXEL],
      ['track', 'PageView'],
    ]);
  });

  it('uses an fbq the page already has instead of loading the script again', () => {
    const { win, calls, scriptUrls, options } = setup();
    const existing: unknown[][] = [];
    win.fbq = Object.assign((...args: unknown[]) => void existing.push(args), { queue: existing, loaded: true, version: '2.0', push: () => undefined });
    createMetaPixel(options).start();
    expect(scriptUrls()).toEqual([]);
    expect(calls()).toContainEqual(['init', PIXEL]);
  });

  it('skips an event with a warning when the pixel was never started', () => {
    const { pixel, win, logs } = setup();
    pixel.track(LEAD, visitor());
    expect(win.fbq).toBeUndefined();
    expect(logs).toEqual([{ level: 'warn', message: 'Ad pixel not initialised: Lead skipped' }]);
  });
});

describe('events', () => {
  it('sends Lead with its exact payload and the lead id as eventID', () => {
    const { pixel, calls } = setup();
    pixel.start();
    pixel.track(LEAD, visitor());
    expect(calls().at(-1)).toEqual([
      'track',
      'Lead',
      { content_name: 'Anti-Aging Assessment', content_category: 'Lead Generation', value: 1, currency: 'USD' },
      { eventID: LEAD_ID },
    ]);
  });

  it('sends CompleteRegistration with its exact payload, and a fresh eventID without a lead', () => {
    const { pixel, calls } = setup();
    pixel.start();
    pixel.track(COMPLETE, visitor({ leadId: null }));
    expect(calls().at(-1)).toEqual([
      'track',
      'CompleteRegistration',
      { content_name: 'Anti-Aging Assessment Complete', value: 1, currency: 'USD' },
      { eventID: 'generated-id' },
    ]);
  });

  it('sends each event once per session, even from a new page of the same session', () => {
    const { pixel, calls, options, logs } = setup();
    pixel.start();
    pixel.track(LEAD, visitor());
    pixel.track(LEAD, visitor({ leadId: '33333333-3333-4333-8333-333333333333' }));
    const reloaded = setup({ session: options.session });
    reloaded.pixel.start();
    reloaded.pixel.track(LEAD, visitor());
    reloaded.pixel.track(COMPLETE, visitor());
    expect(calls().filter((call) => call[1] === 'Lead')).toHaveLength(1);
    expect(reloaded.calls().filter((call) => call[0] === 'track').map((call) => call[1])).toEqual(['PageView', 'CompleteRegistration']);
    expect(logs.at(-1)?.message).toBe('Ad event Lead skipped: already sent in this session');
  });

  it('never puts the plain email (or the name) into an fbq call; the console only says it is there, masked', () => {
    const { pixel, calls, logs } = setup();
    pixel.start();
    pixel.track(LEAD, visitor());
    pixel.track(COMPLETE, visitor());
    const sent = JSON.stringify(calls());
    expect(sent).not.toContain(EMAIL);
    expect(sent).not.toContain('jane.doe');
    expect(sent).not.toContain('Jane');
    const messages = logs.map((log) => log.message).join('\n');
    expect(messages).toContain('email: present (j•••@•••)');
    expect(messages).not.toContain('jane.doe');
  });
});

describe('referrer gating', () => {
  it.each([
    ['the host itself', 'https://brand.com/'],
    ['www', 'https://www.brand.com/offer?x=1'],
    ['a deeper subdomain, over http', 'http://shop.eu.brand.com/'],
    ['upper case and a trailing dot', 'https://WWW.Brand.COM./'],
  ])('accepts %s', (_case, referrer) => {
    const { pixel, calls } = setup({ referrer });
    pixel.start();
    pixel.track(LEAD, visitor());
    expect(calls().map((call) => call[1])).toContain('Lead');
  });

  it.each([
    ['a look-alike suffix', 'https://brand.com.evil.io/'],
    ['a look-alike prefix', 'https://evilbrand.com/'],
    ['the host in the path', 'https://evil.io/brand.com'],
    ['the host in the query', 'https://evil.io/?ref=https://brand.com'],
    ['the host as user info', 'https://brand.com@evil.io/'],
    ['an empty referrer', ''],
    ['no referrer', null],
    ['a malformed referrer', 'not a url'],
    ['another scheme', 'javascript:brand.com'],
  ])('rejects %s', (_case, referrer) => {
    const { pixel, calls, logs } = setup({ referrer });
    pixel.start();
    pixel.track(LEAD, visitor());
    expect(calls().map((call) => call[1])).not.toContain('Lead');
    expect(logs.at(-1)).toEqual({ level: 'info', message: 'Ad event Lead skipped: the visitor did not arrive from brand.com' });
  });

  it('accepts the marketing host written as a URL, and skips everything when it is not set', () => {
    const asUrl = setup({ marketingHost: 'https://brand.com/' });
    asUrl.pixel.start();
    asUrl.pixel.track(LEAD, visitor());
    expect(asUrl.calls().map((call) => call[1])).toContain('Lead');
    const unset = setup({ marketingHost: '' });
    unset.pixel.start();
    unset.pixel.track(LEAD, visitor());
    expect(unset.calls().map((call) => call[1])).not.toContain('Lead');
  });
});

describe("consent 'required'", () => {
  it('loads nothing and calls nothing before the visitor accepts; events wait for the choice', () => {
    const { pixel, win, logs } = setup({ consent: 'required' });
    pixel.start();
    pixel.track(LEAD, visitor());
    expect(pixel.consentState()).toBe('ask');
    expect(win.fbq).toBeUndefined();
    expect(win.scripts).toEqual([]);
    expect(logs.at(-1)?.message).toBe("Ad event Lead waits for the visitor's consent");
  });

  it('after acceptance grants, initialises, tracks the PageView and sends the waiting event; remembered next visit', () => {
    const { pixel, calls, scriptUrls, options } = setup({ consent: 'required' });
    pixel.start();
    pixel.track(LEAD, visitor());
    pixel.decide('granted');
    expect(scriptUrls()).toEqual([PIXEL_SCRIPT_URL]);
    expect(calls().map((call) => call.slice(0, 2))).toEqual([
      ['set', 'autoConfig'],
      ['consent', 'grant'],
      ['init', PIXEL],
      ['track', 'PageView'],
      ['track', 'Lead'],
    ]);
    const nextVisit = setup({ consent: 'required', choices: options.choices });
    expect(nextVisit.pixel.consentState()).toBe('granted');
    nextVisit.pixel.start();
    expect(nextVisit.calls()).toContainEqual(['init', PIXEL]);
  });

  it('after declining sends nothing, drops the waiting event and remembers the choice', () => {
    const { pixel, win, options, logs } = setup({ consent: 'required' });
    pixel.track(LEAD, visitor());
    pixel.decide('denied');
    pixel.start();
    pixel.track(COMPLETE, visitor());
    expect(win.fbq).toBeUndefined();
    expect(win.scripts).toEqual([]);
    expect(logs.map((log) => log.message)).toEqual([
      "Ad event Lead waits for the visitor's consent",
      'Ad tracking declined: Lead not sent',
      'Ad event CompleteRegistration skipped: the visitor declined ad tracking',
    ]);
    expect(options.choices?.getItem(CONSENT_KEY)).toBe('denied');
    const nextVisit = setup({ consent: 'required', choices: options.choices });
    expect(nextVisit.pixel.consentState()).toBe('denied');
    nextVisit.pixel.start();
    expect(nextVisit.win.fbq).toBeUndefined();
  });

  // Issue 42: two tabs of one visit, both showing the banner; she declines in one, then taps "Allow" in the other.
  it('takes an "Allow" over a refusal another tab stored as a choice to confirm: nothing is sent or stored until she accepts again', () => {
    const choices = memoryStorage();
    const events: { choice: string; reconsidered: boolean }[] = [];
    const record = (event: Event) => events.push((event as CustomEvent<{ choice: string; reconsidered: boolean }>).detail);
    window.addEventListener('funnel:ad-consent', record);
    try {
      const first = setup({ consent: 'required', choices });
      const second = setup({ consent: 'required', choices });
      second.pixel.track(LEAD, visitor());
      first.pixel.decide('denied');
      second.pixel.decide('granted');
      expect(second.pixel.consentState()).toBe('reconfirm');
      expect(choices.getItem(CONSENT_KEY)).toBe('denied');
      expect(second.win.fbq).toBeUndefined();
      expect(second.logs.at(-1)?.message).toBe(
        'Ad tracking was declined earlier in this visit: the visitor is asked to confirm the new choice',
      );
      // A later event still waits; the explicit new choice sends it and is marked as replacing the refusal.
      second.pixel.track(COMPLETE, visitor());
      second.pixel.decide('granted');
      expect(second.pixel.consentState()).toBe('granted');
      expect(choices.getItem(CONSENT_KEY)).toBe('granted');
      expect(second.calls().filter((call) => call[0] === 'track').map((call) => call[1])).toEqual([
        'PageView',
        'Lead',
        'CompleteRegistration',
      ]);
      expect(events).toEqual([
        { choice: 'denied', reconsidered: false },
        { choice: 'granted', reconsidered: true },
      ]);
    } finally {
      window.removeEventListener('funnel:ad-consent', record);
    }
  });

  it('keeps the refusal when she declines again at the confirmation, and drops what waited', () => {
    const choices = memoryStorage();
    const first = setup({ consent: 'required', choices });
    const second = setup({ consent: 'required', choices });
    second.pixel.track(LEAD, visitor());
    first.pixel.decide('denied');
    second.pixel.decide('granted');
    second.pixel.decide('denied');
    expect(second.pixel.consentState()).toBe('denied');
    expect(choices.getItem(CONSENT_KEY)).toBe('denied');
    expect(second.win.fbq).toBeUndefined();
  });
});
