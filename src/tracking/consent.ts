/**
 * The visitor's ad consent choice, remembered across visits (localStorage), so a visitor who declined
 * is not asked on every page and one who accepted is not asked again. A refusal is final for the visit:
 * an "Allow" in a tab whose banner predates a refusal made in another tab is not taken as consent; she
 * is told she declined earlier and must accept again (meta-pixel.ts `decide`).
 */

export type ConsentChoice = 'granted' | 'denied';

export const CONSENT_KEY = 'funnel_ad_consent';
/** Dispatched on the window when the visitor chooses (detail: the choice): the backend and the dataLayer follow it. */
export const CONSENT_EVENT = 'funnel:ad-consent';

/** The stored choice, or null when the visitor has not chosen (or storage is unreadable). */
export function readConsent(storage: Pick<Storage, 'getItem'> | null): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_KEY) ?? null;
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

/**
 * What the consent banner says when she accepts after a refusal recorded in another tab of this visit
 * (the flow's `consentBanner.declinedEarlier` replaces it): the refusal stands until she accepts again.
 */
export const DECLINED_EARLIER_TEXT =
  'You declined this earlier in this visit, so it stays off. Do you want to allow it now?';

/** The choice and whether it replaces a refusal she confirmed replacing (sent to record_ad_consent). */
interface ChoiceDetail {
  choice: ConsentChoice;
  reconsidered: boolean;
}

/**
 * Remembers the choice; without storage it holds for this page only. `reconsidered`: a grant she
 * confirmed after being told she had declined earlier (the only grant that replaces a recorded refusal).
 */
export function saveConsent(storage: Pick<Storage, 'setItem'> | null, choice: ConsentChoice, reconsidered = false): void {
  try {
    storage?.setItem(CONSENT_KEY, choice);
  } catch {
    // Private mode or a full quota: the choice still holds for this page.
  }
  const detail: ChoiceDetail = { choice, reconsidered: reconsidered && choice === 'granted' };
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail }));
}

/** Calls `listener` with each choice the visitor makes on this page (and whether it replaces a refusal). */
export function onConsentChoice(listener: (choice: ConsentChoice, reconsidered: boolean) => void): void {
  if (typeof window === 'undefined') return;
  window.addEventListener(CONSENT_EVENT, (event) => {
    const detail: unknown = event instanceof CustomEvent ? event.detail : null;
    if (!detail || typeof detail !== 'object' || !('choice' in detail)) return;
    const { choice } = detail;
    const reconsidered = 'reconsidered' in detail && detail.reconsidered === true;
    if (choice === 'granted' || choice === 'denied') listener(choice, reconsidered);
  });
}
