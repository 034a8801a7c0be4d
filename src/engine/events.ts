/**
 * The events a screen may send. Screens describe what the visitor did; the machine decides where to go.
 */
export type ScreenEvent =
  | { type: 'CONTINUE' }
  | { type: 'SELECT_OPTION'; value: string }
  | { type: 'SET_VALUE'; value: number }
  | { type: 'SET_FIELD'; field: string; value: string }
  | { type: 'PHOTO_SELECTED'; image: string }
  | { type: 'PHOTO_CLEARED' };

/**
 * Events the app (not a screen) sends: the address bar changed (deep link, Back, reload); the backend
 * refused an input of a form the visitor has already left (its save did not wait), so she goes back to it.
 */
export type AppEvent =
  | { type: 'NAVIGATE'; path: string }
  | { type: 'INPUT_REFUSED'; screen: string; field: string; reason: string };

export type FunnelEvent = ScreenEvent | AppEvent;
