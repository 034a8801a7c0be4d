/**
 * The events a screen may send. Screens describe what the visitor did; the machine decides where to go.
 * `visit` names the screen visit the gesture began on (the app stamps it, see the context's `visit`):
 * a double tap's second tap, or a held key's repeat, lands on the next screen but still belongs to the
 * visit it began on, so the machine ignores it. Without `visit` the event counts for the current visit.
 */
export type ScreenEvent =
  | { type: 'CONTINUE'; visit?: number }
  | { type: 'SELECT_OPTION'; value: string; visit?: number }
  | { type: 'SET_VALUE'; value: number }
  | { type: 'SET_FIELD'; field: string; value: string }
  | { type: 'PHOTO_SELECTED'; image: string }
  | { type: 'PHOTO_CLEARED' }
  /** Go on without the photo that was refused or lost (the estimate from the answers alone). */
  | { type: 'CONTINUE_WITHOUT'; visit?: number };

/**
 * Events the app (not a screen) sends: the address bar changed (deep link, Back, reload); the backend
 * refused an input of a form the visitor has already left (its save did not wait), so she goes back to it.
 */
export type AppEvent =
  | { type: 'NAVIGATE'; path: string }
  | { type: 'INPUT_REFUSED'; screen: string; field: string; reason: string };

export type FunnelEvent = ScreenEvent | AppEvent;
