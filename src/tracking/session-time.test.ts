// @vitest-environment jsdom
/**
 * The session clock with fake timers, jsdom's document and a recording fetch: when it posts, what it
 * posts, and that it stops cleanly.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STARTED_KEY, SESSION_TIME_INTERVAL_MS, startSessionClock, type SessionClockOptions } from './session-time.ts';

const CONFIG = { url: 'https://backend.example', anonKey: 'anon-key-1' };
const SESSION = '11111111-1111-4111-8111-111111111111';
const START = new Date('2025-03-01T10:00:00.000Z').getTime();
const MINUTE = 60_000;

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState, notify = true) {
  visibility = state;
  if (notify) document.dispatchEvent(new Event('visibilitychange'));
}

const stops: (() => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers({ now: START });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

/** Lets the fetch promises' handlers run. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

function start(options: Partial<SessionClockOptions> = {}) {
  const fetcher = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  const log = vi.fn<(message: string) => void>();
  const stop = startSessionClock({ config: CONFIG, sessionId: SESSION, storage: sessionStorage, fetcher, log, ...options });
  stops.push(stop);
  const posts = () =>
    fetcher.mock.calls.map(([input, init]) => ({
      input,
      keepalive: init?.keepalive,
      body: JSON.parse(String(init?.body)) as unknown,
    }));
  return { fetcher, log, stop, posts };
}

const minutesOf = (posts: { body: unknown }[]) =>
  posts.map(({ body }) => (body !== null && typeof body === 'object' && 'time_spent_minutes' in body ? body.time_spent_minutes : undefined));

describe('startSessionClock', () => {
  it('posts the session time to the RPC every 30 s while the page is visible', () => {
    const { fetcher, posts } = start();
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS - 1);
    expect(fetcher).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('https://backend.example/rest/v1/rpc/track_session_time', {
      method: 'POST',
      keepalive: false,
      headers: { apikey: 'anon-key-1', authorization: 'Bearer anon-key-1', 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: SESSION, time_spent_minutes: 0.5 }),
    });
    vi.advanceTimersByTime(2 * SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([0.5, 1, 1.5]);
    expect(posts().every((post) => post.keepalive === false)).toBe(true);
  });

  it('does not post while hidden, and starts again when the page shows', () => {
    setVisibility('hidden', false);
    const { posts } = start();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(posts()).toEqual([]);

    setVisibility('visible');
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([5.5]);
  });

  it('posts once with keepalive when the page is hidden, and nothing more until it shows again', () => {
    const { posts } = start();
    vi.advanceTimersByTime(45_000);
    setVisibility('hidden');
    expect(posts().map((post) => [post.keepalive, minutesOf([post])[0]])).toEqual([
      [false, 0.5],
      [true, 0.75],
    ]);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(posts()).toHaveLength(2);

    setVisibility('visible');
    setVisibility('visible'); // a second "visible" must not start a second interval
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([0.5, 0.75, 11.25]);
  });

  it('posts once with keepalive on pagehide and stops the interval', () => {
    const { posts } = start();
    vi.advanceTimersByTime(12_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(posts().map((post) => [post.keepalive, minutesOf([post])[0]])).toEqual([[true, 0.2]]);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(posts()).toHaveLength(1);
  });

  it('stores the start and keeps counting from it after a reload', () => {
    start();
    expect(sessionStorage.getItem(SESSION_STARTED_KEY)).toBe(String(START));
    stops.splice(0).forEach((stop) => stop());

    vi.advanceTimersByTime(10 * MINUTE);
    const { posts } = start();
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([10.5]);
    expect(sessionStorage.getItem(SESSION_STARTED_KEY)).toBe(String(START));
  });

  it.each(['garbage', '0', '-5', String(START + MINUTE)])('restarts the count from now when the stored start is %s', (stored) => {
    sessionStorage.setItem(SESSION_STARTED_KEY, stored);
    const { posts } = start();
    expect(sessionStorage.getItem(SESSION_STARTED_KEY)).toBe(String(START));
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([0.5]);
  });

  it('caps the minutes at a day', () => {
    sessionStorage.setItem(SESSION_STARTED_KEY, String(START - 2 * 1440 * MINUTE));
    const { posts } = start();
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([1440]);
  });

  it('counts from this page when there is no storage', () => {
    const { posts } = start({ storage: null });
    vi.advanceTimersByTime(2 * SESSION_TIME_INTERVAL_MS);
    expect(minutesOf(posts())).toEqual([0.5, 1]);
  });

  it('only logs when fetch fails or the backend answers with an error', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 500 }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    const { log } = start({ fetcher });
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    await settle();
    expect(log.mock.calls).toEqual([['Failed to track session time (network)']]);
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    await settle();
    vi.advanceTimersByTime(SESSION_TIME_INTERVAL_MS);
    await settle();
    expect(log.mock.calls).toEqual([['Failed to track session time (network)'], ['Failed to track session time (500)']]);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('the stop function removes the listeners and the timer', () => {
    // No storage: jsdom's sessionStorage schedules its own timer for the storage event.
    const before = vi.getTimerCount();
    const { fetcher, stop } = start({ storage: null });
    expect(vi.getTimerCount()).toBe(before + 1);
    stop();
    expect(vi.getTimerCount()).toBe(before);
    vi.advanceTimersByTime(10 * MINUTE);
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('visible');
    vi.advanceTimersByTime(10 * MINUTE);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
