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

/** Events the app (not a screen) sends: the address bar changed (deep link, Back, reload). */
export type AppEvent = { type: 'NAVIGATE'; path: string };

export type FunnelEvent = ScreenEvent | AppEvent;
