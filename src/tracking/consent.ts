/**
 * The visitor's ad consent choice, remembered across visits (localStorage), so a visitor who declined
 * is not asked on every page and one who accepted is not asked again.
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

/** Remembers the choice; without storage it holds for this page only. */
export function saveConsent(storage: Pick<Storage, 'setItem'> | null, choice: ConsentChoice): void {
  try {
    storage?.setItem(CONSENT_KEY, choice);
  } catch {
    // Private mode or a full quota: the choice still holds for this page.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
}

/** Calls `listener` with each choice the visitor makes on this page. */
export function onConsentChoice(listener: (choice: ConsentChoice) => void): void {
  if (typeof window === 'undefined') return;
  window.addEventListener(CONSENT_EVENT, (event) => {
    const choice: unknown = event instanceof CustomEvent ? event.detail : null;
    if (choice === 'granted' || choice === 'denied') listener(choice);
  });
}
