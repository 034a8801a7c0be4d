/**
 * Session time (spec §4): `time_spent_minutes` and `last_activity` go out every 30 s while the page is
 * visible, and once more when it is hidden or left (`visibilitychange` → hidden, `pagehide`) with a
 * keepalive fetch, which outlives the page. No `unload` listener: it breaks the back/forward cache.
 * The time is counted from the session's first page, kept in sessionStorage across reloads.
 */
import { backendHeaders, type BackendConfig } from './backend-config.ts';

export const SESSION_STARTED_KEY = 'funnel_session_started';
export const SESSION_TIME_INTERVAL_MS = 30_000;
/** The backend's upper bound for time_spent_minutes (a day). */
const MAX_MINUTES = 1440;

export interface SessionClockOptions {
  config: BackendConfig;
  sessionId: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The window and document to listen on (tests pass fakes). */
  win?: Window;
  fetcher?: typeof fetch;
  now?: () => number;
  log?: (message: string) => void;
}

function startedAt(storage: SessionClockOptions['storage'], now: number): number {
  try {
    const stored = Number(storage?.getItem(SESSION_STARTED_KEY));
    if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
    storage?.setItem(SESSION_STARTED_KEY, String(now));
  } catch {
    // No storage: count from this page.
  }
  return now;
}

/** Starts the clock; returns a stop function that removes every listener and timer. */
export function startSessionClock(options: SessionClockOptions): () => void {
  const win = options.win ?? window;
  const fetcher = options.fetcher ?? ((input, init) => win.fetch(input, init));
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const started = startedAt(options.storage, now());
  const endpoint = `${options.config.url}/rest/v1/rpc/track_session_time`;

  const report = (keepalive: boolean) => {
    const minutes = Math.min(MAX_MINUTES, Math.round(((now() - started) / 60_000) * 100) / 100);
    fetcher(endpoint, {
      method: 'POST',
      keepalive,
      headers: backendHeaders(options.config),
      body: JSON.stringify({ session_id: options.sessionId, time_spent_minutes: minutes }),
    }).then(
      (response) => {
        if (!response.ok) log(`Failed to track session time (${response.status})`);
      },
      () => log('Failed to track session time (network)'),
    );
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  const startTimer = () => {
    timer ??= setInterval(() => report(false), SESSION_TIME_INTERVAL_MS);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') {
      stopTimer();
      report(true);
    } else {
      startTimer();
    }
  };
  const onPageHide = () => {
    stopTimer();
    report(true);
  };

  if (win.document.visibilityState !== 'hidden') startTimer();
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);
  return () => {
    stopTimer();
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onPageHide);
  };
}
