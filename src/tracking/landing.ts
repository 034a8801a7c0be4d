/**
 * What the visitor arrived with: the referrer of the landing page (not of later pages) and the campaign
 * of its URL (UTM parameters and ad click ids), kept for the whole tab session, so tracking and ad gating
 * judge the traffic by where it came from.
 */

/** The landing URL parameters kept (the backend accepts exactly these). */
export const CAMPAIGN_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'fbclid',
  'gclid',
] as const;

export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];

/** The campaign parameters present on the landing URL. */
export type Campaign = Partial<Record<CampaignKey, string>>;

/** The backend's bound on each campaign value (longer values are cut, not refused). */
export const MAX_CAMPAIGN_VALUE = 500;

export interface Landing {
  /** The landing page's referrer, or null when there was none. */
  referrer: string | null;
  /** The landing URL's campaign; empty when it had none. */
  campaign: Campaign;
}

export const LANDING_KEY = 'funnel_landing';

/**
 * Reads the stored landing, or stores this page's as the landing when there is none (or it is
 * unreadable). `search` is the page's query string (`location.search`).
 */
export function rememberLanding(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  referrer: string,
  search = '',
): Landing {
  const stored = read(storage);
  if (stored) return stored;
  const landing: Landing = { referrer: referrer.slice(0, 2048) || null, campaign: campaignOf(search) };
  try {
    storage?.setItem(LANDING_KEY, JSON.stringify(landing));
  } catch {
    // Storage full or disabled: the landing still holds for this page.
  }
  return landing;
}

/** The campaign parameters of a query string: known keys only, trimmed, blank ones left out, bounded. */
export function campaignOf(search: string): Campaign {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = clean(params.get(key));
    if (value) campaign[key] = value;
  }
  return campaign;
}

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Control characters only ever mean a mangled link; the backend would refuse them.
  const text = value.replace(/\p{Cc}/gu, '').trim().slice(0, MAX_CAMPAIGN_VALUE);
  return text === '' ? null : text;
}

function read(storage: Pick<Storage, 'getItem'> | null): Landing | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(LANDING_KEY) ?? 'null');
    if (value === null || typeof value !== 'object' || !('referrer' in value)) return null;
    const { referrer } = value;
    if (referrer !== null && typeof referrer !== 'string') return null;
    const stored = 'campaign' in value && value.campaign !== null && typeof value.campaign === 'object' ? value.campaign : {};
    const campaign: Campaign = {};
    for (const key of CAMPAIGN_KEYS) {
      const item = clean(key in stored ? Reflect.get(stored, key) : null);
      if (item) campaign[key] = item;
    }
    return { referrer, campaign };
  } catch {
    return null;
  }
}
