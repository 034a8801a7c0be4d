/**
 * The event the app sends once its first render is in the page. Until then the page's inline script
 * (scripts/lib/route-preload.ts) holds the taps a visitor makes on the build's drawing and then hands
 * them to the app, so a tap made before the code arrived is answered, not lost.
 */
export const APP_READY_EVENT = 'funnel:ready';

export function signalAppReady(target: Pick<Document, 'dispatchEvent'>): void {
  target.dispatchEvent(new Event(APP_READY_EVENT));
}
