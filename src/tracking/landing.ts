/**
 * What the visitor arrived with: the referrer of the landing page (not of later pages), kept for the
 * whole tab session, so tracking and ad gating judge the traffic by where it came from.
 */
export interface Landing {
  /** The landing page's referrer, or null when there was none. */
  referrer: string | null;
}

export const LANDING_KEY = 'funnel_landing';

/** Reads the stored landing, or stores this page's as the landing when there is none (or it is unreadable). */
export function rememberLanding(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  referrer: string,
): Landing {
  const stored = read(storage);
  if (stored) return stored;
  const landing: Landing = { referrer: referrer.slice(0, 2048) || null };
  try {
    storage?.setItem(LANDING_KEY, JSON.stringify(landing));
  } catch {
    // Storage full or disabled: the landing still holds for this page.
  }
  return landing;
}

function read(storage: Pick<Storage, 'getItem'> | null): Landing | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(LANDING_KEY) ?? 'null');
    if (value === null || typeof value !== 'object' || !('referrer' in value)) return null;
    const { referrer } = value;
    if (referrer !== null && typeof referrer !== 'string') return null;
    return { referrer };
  } catch {
    return null;
  }
}
