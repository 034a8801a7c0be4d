/**
 * The visitor's data in sessionStorage (per tab), under the keys the flow names. Whatever is there is
 * treated as untrusted: unreadable, foreign or wrongly-typed values count as absent, never a crash.
 */
import type { FunnelInput } from './funnel-context.ts';
import type { Answers, Flow, StoredData } from './flow-model.ts';
import { resolveRoute, routeTable } from './routes.ts';
import { answerChecks, fitsShape } from './stored-shape.ts';
import { isTimed } from './timed-visit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredSession {
  answers: Answers;
  data: StoredData;
  sessionId: string;
  /**
   * The stored answers were left behind: they were written by another flow (id or format version), or
   * on a screen this flow no longer has. The visitor starts afresh instead of resuming into nothing.
   */
  restarted: boolean;
}

/** Which flow wrote the session, and the screen the visitor was last on. */
interface SessionMark {
  id: string;
  version: number;
  screen: string | undefined;
  /** The running timer of a timed screen the visitor is on, with the address shown meanwhile. */
  timer?: TimerMark | undefined;
  /** A photo was chosen on this screen; it is never stored, so after a reload it must be chosen again. */
  photoChosen?: boolean | undefined;
}

/** What else the mark records about the visitor's place (see SessionMark). */
export interface PlaceMark {
  timer?: TimerMark | undefined;
  photoChosen?: boolean | undefined;
}

/** A timed screen's visit in progress: when it began and the address the browser showed. */
export interface TimerMark {
  enteredAt: number;
  path: string;
}

/** Where the session's mark lives: beside the answers, so two funnels on one site keep theirs apart. */
function markKey(flow: Flow): string {
  return `${flow.storage.answersKey}_flow`;
}

function readMark(storage: Storage | null, flow: Flow): SessionMark | undefined {
  const raw = readJson(storage, markKey(flow));
  if (!isRecord(raw) || typeof raw['id'] !== 'string' || typeof raw['version'] !== 'number') return undefined;
  const screen = raw['screen'];
  const timer = raw['timer'];
  const enteredAt = isRecord(timer) ? timer['enteredAt'] : undefined;
  const path = isRecord(timer) ? timer['path'] : undefined;
  return {
    id: raw['id'],
    version: raw['version'],
    screen: typeof screen === 'string' ? screen : undefined,
    timer: Number.isFinite(enteredAt) && typeof path === 'string' ? { enteredAt: Number(enteredAt), path } : undefined,
    photoChosen: raw['photoChosen'] === true,
  };
}

/**
 * Whether a stored session belongs to this flow. A session without a mark (written before marks
 * existed, all by format version 1) or with an unreadable one is kept: corrupt data counts as absent.
 */
function belongsTo(mark: SessionMark | undefined, flow: Flow): boolean {
  if (mark === undefined) return true;
  if (mark.id !== flow.id || mark.version !== flow.version) return false;
  return mark.screen === undefined || Object.hasOwn(flow.screens, mark.screen);
}

/** Reads the session; creates and stores a session id when there is none. Reading changes no answer. */
export function loadSession(storage: Storage | null, flow: Flow): StoredSession {
  const sessionId = readSessionId(storage, flow);
  if (!belongsTo(readMark(storage, flow), flow)) return { answers: {}, data: {}, sessionId, restarted: true };
  const checks = answerChecks(flow);
  const rawAnswers = readJson(storage, flow.storage.answersKey);
  const answers: Answers = {};
  if (isRecord(rawAnswers)) {
    for (const [key, value] of Object.entries(rawAnswers)) {
      // Only values the screen that asks could have stored: age 200 or an unknown option is absent.
      if (checks.get(key)?.(value)) answers[key] = value;
    }
  }
  const data: StoredData = {};
  for (const key of flow.storage.dataKeys) {
    const value = readJson(storage, key);
    if (isRecord(value) && fitsShape(value, flow.storage.dataShapes?.[key])) data[key] = value;
  }
  return { answers, data, sessionId, restarted: false };
}

function readSessionId(storage: Storage | null, flow: Flow): string {
  const stored = read(storage, flow.storage.sessionIdKey);
  if (stored && UUID.test(stored)) return stored;
  const sessionId = crypto.randomUUID();
  write(storage, flow.storage.sessionIdKey, sessionId);
  return sessionId;
}

/**
 * What the machine starts with: the stored session and the path to open. A restarted session opens
 * the start screen when the address is no screen of this flow (typically the route of a screen that
 * was removed), instead of a not-found page; an address that is a screen still opens it.
 */
export function resumeSession(storage: Storage | null, flow: Flow, path: string): FunnelInput {
  const { answers, data, sessionId, restarted } = loadSession(storage, flow);
  const start = flow.screens[flow.start]?.route;
  const open =
    restarted && start !== undefined && routeTable(flow).screenFor(path) === undefined
      ? resolveRoute(start, flow.settings)
      : path;
  // A reload on a timed screen (same address as when it began) finishes its timer from where it was.
  const mark = restarted ? undefined : readMark(storage, flow);
  const resume =
    mark?.screen !== undefined && mark.timer?.path === path && isTimed(flow.screens[mark.screen])
      ? { screen: mark.screen, enteredAt: mark.timer.enteredAt }
      : undefined;
  const lostPhoto = mark?.photoChosen ? mark.screen : undefined;
  return { path: open, answers, data, sessionId, resume, lostPhoto };
}

/**
 * Writes answers and data back, with the mark of this flow and the visitor's screen (so a later
 * version of the flow can tell a session it can't resume), and a timed screen's running timer. Data keys the session no longer holds are
 * removed, so a restarted session leaves nothing stale behind. Storage failures are ignored.
 */
export function saveSession(
  storage: Storage | null,
  flow: Flow,
  session: Pick<StoredSession, 'answers' | 'data'>,
  screen?: string,
  place: PlaceMark = {},
): void {
  write(storage, flow.storage.answersKey, JSON.stringify(session.answers));
  for (const key of flow.storage.dataKeys) {
    const value = session.data[key];
    if (value === undefined) remove(storage, key);
    else write(storage, key, JSON.stringify(value));
  }
  const mark: SessionMark = {
    id: flow.id,
    version: flow.version,
    screen: screen ?? readMark(storage, flow)?.screen,
    timer: place.timer,
    photoChosen: place.photoChosen || undefined,
  };
  write(storage, markKey(flow), JSON.stringify(mark));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readJson(storage: Storage | null, key: string): unknown {
  const text = read(storage, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function remove(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Privacy mode: nothing was stored either.
  }
}

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the funnel keeps working from memory.
  }
}
