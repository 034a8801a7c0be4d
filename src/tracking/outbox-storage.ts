/**
 * How an outbox's entries are kept in storage, and read back from it. Stored data is untrusted: a
 * reload, another tab or another version may have left anything there.
 */
/** One write waiting for delivery. `args` must be JSON: it is stored as JSON and reloaded from it. */
export interface OutboxEntry {
  id: string;
  /** Which backend write this is (e.g. an RPC name); the outbox never interprets it. */
  fn: string;
  args: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
  createdAt: number;
  dedupeKey?: string;
}

/** Bumped with a migration in {@link parseStoredEntries} when the stored shape changes. */
export const STORAGE_VERSION = 1;

export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

/** The stored text for a queue. */
export function serializeEntries(entries: readonly OutboxEntry[]): string {
  return JSON.stringify({ version: STORAGE_VERSION, entries });
}

/** Anything unreadable, foreign or of another version counts as absent; duplicate ids count once. */
export function parseStoredEntries(text: string | null): OutboxEntry[] {
  const stored = parseJson(text);
  if (!isRecord(stored) || stored.version !== STORAGE_VERSION || !Array.isArray(stored.entries)) return [];
  const items: unknown[] = stored.entries;
  const entries: OutboxEntry[] = [];
  for (const item of items) {
    const entry = parseEntry(item);
    if (entry && !entries.some((seen) => seen.id === entry.id)) entries.push(entry);
  }
  return entries;
}

/** The entries stored under `key`; none when storage is missing or throws. */
export function loadEntries(storage: OutboxStorage, key: string): OutboxEntry[] {
  try {
    return parseStoredEntries(storage?.getItem(key) ?? null);
  } catch {
    return [];
  }
}

export function storeEntries(storage: OutboxStorage, key: string, entries: readonly OutboxEntry[]): void {
  try {
    storage?.setItem(key, serializeEntries(entries));
  } catch {
    // Quota or privacy mode: the outbox keeps working from memory for this page.
  }
}

/** One stored entry, or null when it is not one. */
export function parseEntry(value: unknown): OutboxEntry | null {
  if (!isRecord(value)) return null;
  const { id, fn, args, attempts, createdAt, dedupeKey } = value;
  if (typeof id !== 'string' || id === '' || typeof fn !== 'string' || !isRecord(args)) return null;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 0) return null;
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) return null;
  if (dedupeKey !== undefined && typeof dedupeKey !== 'string') return null;
  const entry: OutboxEntry = { id, fn, args, attempts, createdAt };
  if (dedupeKey !== undefined) entry.dedupeKey = dedupeKey;
  return entry;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
