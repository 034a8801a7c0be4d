/**
 * What the lead and the final click tell the backend about their server-side Meta event (issue 16):
 * the `meta` argument of save_quiz_completion / record_final_click. The server queues the event in the
 * same transaction and sends it with the browser pixel's event id (the lead id), so Meta deduplicates.
 *
 * The same gates as the browser pixel (meta-pixel.ts): no pixel id or an event the flow's pixel actions
 * do not declare, or a visitor who did not land from the marketing host: no server event. With consent
 * 'required' the choice travels with it: granted, or 'pending' (held by the server until the visitor
 * decides; record_ad_consent releases or deletes it). A declined visitor sends no `meta` at all.
 */
import { readConsent } from './consent.ts';
import { isReferredBy } from './referrer-gate.ts';

export type ServerEventName = 'Lead' | 'CompleteRegistration';

export interface ServerConversionsOptions {
  /** Empty: no server events. */
  pixelId: string;
  consent: 'none' | 'required';
  marketingHost: string;
  /** The landing page's referrer. */
  referrer: string | null;
  /** The custom_data of each event the flow's pixel actions declare. */
  events: Partial<Record<ServerEventName, Record<string, unknown>>>;
  /** Where the consent choice is remembered (localStorage). */
  choices: Pick<Storage, 'getItem'> | null;
  /** The page's URL and cookies (for _fbp / _fbc). */
  page: () => { url: string; cookie: string };
  now?: () => Date;
}

export interface ServerConversions {
  /** The `meta` argument for this event, or null when no server event may be sent. */
  metaFor(event: ServerEventName): Record<string, unknown> | null;
}

function cookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

export function createServerConversions(options: ServerConversionsOptions): ServerConversions {
  const now = options.now ?? (() => new Date());
  return {
    metaFor(event) {
      const data = options.events[event];
      if (!options.pixelId.trim() || !data) return null;
      if (!isReferredBy(options.referrer, options.marketingHost)) return null;
      const choice = options.consent === 'required' ? (readConsent(options.choices) ?? 'pending') : 'not-needed';
      if (choice === 'denied') return null;
      const { url, cookie: cookies } = options.page();
      const fbp = cookie(cookies, '_fbp');
      const fbc = cookie(cookies, '_fbc');
      return {
        consent: choice,
        event_time: Math.floor(now().getTime() / 1000),
        // Only the page's address, without its query (an email may ride in one).
        event_source_url: url.split(/[?#]/)[0] ?? url,
        ...(fbp ? { fbp } : {}),
        ...(fbc ? { fbc } : {}),
        custom_data: data,
      };
    },
  };
}

/**
 * The custom_data of each Lead and CompleteRegistration the flow declares in a `pixel` action (the first
 * declaration of each wins), found wherever actions live in the flow.
 */
export function declaredServerEvents(flow: unknown): Partial<Record<ServerEventName, Record<string, unknown>>> {
  const found: Partial<Record<ServerEventName, Record<string, unknown>>> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if ('type' in node && node.type === 'pixel' && 'params' in node && node.params && typeof node.params === 'object') {
      const params = node.params;
      const name = 'event' in params ? params.event : undefined;
      const data = 'data' in params && params.data && typeof params.data === 'object' ? { ...params.data } : {};
      if ((name === 'Lead' || name === 'CompleteRegistration') && !found[name]) found[name] = data;
      return;
    }
    Object.values(node).forEach(visit);
  };
  visit(flow);
  return found;
}
