/**
 * The visitor's data in sessionStorage (per tab), under the keys the flow names. Whatever is there is
 * treated as untrusted: unreadable, foreign or wrongly-typed values count as absent, never a crash.
 */
import type { AnswerValue, Answers, Flow, StoredData } from './flow-model.ts';

type AnswerType = 'number' | 'string' | 'list';

/** The type each answer key must have, from the screens that write it. */
export function answerTypes(flow: Flow): Map<string, AnswerType> {
  const types = new Map<string, AnswerType>();
  for (const screen of Object.values(flow.screens)) {
    if (screen.kind === 'multi-select') types.set(screen.answer, 'list');
    if (screen.kind === 'single-choice') types.set(screen.answer, 'string');
    if (screen.kind === 'slider') types.set(screen.answer, 'number');
    if (screen.kind === 'form') for (const field of screen.fields) types.set(field.name, 'string');
  }
  return types;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_STRING = 2000;
const MAX_LIST = 50;

export interface StoredSession {
  answers: Answers;
  data: StoredData;
  sessionId: string;
}

/** Reads the session; creates and stores a session id when there is none. */
export function loadSession(storage: Storage | null, flow: Flow): StoredSession {
  const types = answerTypes(flow);
  const rawAnswers = readJson(storage, flow.storage.answersKey);
  const answers: Answers = {};
  if (isRecord(rawAnswers)) {
    for (const [key, value] of Object.entries(rawAnswers)) {
      const type = types.get(key);
      if (type && fits(value, type)) answers[key] = value;
    }
  }
  const data: StoredData = {};
  for (const key of flow.storage.dataKeys) {
    const value = readJson(storage, key);
    if (isRecord(value)) data[key] = value;
  }
  let sessionId = read(storage, flow.storage.sessionIdKey);
  if (!sessionId || !UUID.test(sessionId)) {
    sessionId = crypto.randomUUID();
    write(storage, flow.storage.sessionIdKey, sessionId);
  }
  return { answers, data, sessionId };
}

/** Writes answers and data back; storage failures (quota, privacy mode) are ignored. */
export function saveSession(storage: Storage | null, flow: Flow, session: Pick<StoredSession, 'answers' | 'data'>): void {
  write(storage, flow.storage.answersKey, JSON.stringify(session.answers));
  for (const [key, value] of Object.entries(session.data)) {
    if (flow.storage.dataKeys.includes(key)) write(storage, key, JSON.stringify(value));
  }
}

function fits(value: unknown, type: AnswerType): value is AnswerValue {
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'string') return typeof value === 'string' && value.length <= MAX_STRING;
  return (
    Array.isArray(value) &&
    value.length <= MAX_LIST &&
    value.every((item) => typeof item === 'string' && item.length <= MAX_STRING)
  );
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

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the funnel keeps working from memory.
  }
}
