/**
 * Where a write the backend refused goes instead of being forgotten. The outbox never retries a 4xx
 * (other than 408/429): it would fail the same way. Such an entry is kept here (localStorage), with why
 * it was refused, and reported in the console by its RPC name, field and reason, never its arguments:
 * they may hold personal data, which stays only in the visitor's own browser as the outbox kept it.
 */
import { isRecord, parseEntry, type OutboxEntry } from './outbox-storage.ts';

/** One refused write, as it was queued, and why. */
export interface DeadLetter {
  entry: OutboxEntry;
  /** When it was set aside (ms since the epoch). */
  refusedAt: number;
  /** HTTP status; 0 when there was no answer (attempts used up offline). */
  status: number;
  /** The backend's error code ('22023'), or ''. */
  code: string;
  /** The refused argument, when the backend named one. */
  field: string | null;
  /** Why, without personal data. */
  reason: string;
}

export interface DeadLetters {
  /** Keeps a refused entry and reports it; returns what was kept. */
  keep(entry: OutboxEntry, error: unknown): DeadLetter;
  /** Everything kept, oldest first. */
  list(): DeadLetter[];
  /** Forgets the kept entries `resolved` accepts (e.g. a lead the visitor corrected and sent again). */
  forget(resolved: (letter: DeadLetter) => boolean): void;
}

export interface DeadLetterOptions {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** e.g. 'funnel_dead_letters'. */
  key: string;
  /** Console output for developers; gets no personal data. */
  log: (message: string) => void;
  /** The most kept at once; the oldest go first (and are reported). Default 100. */
  limit?: number;
  now?: () => number;
}

const VERSION = 1;

/** Why a write failed, as far as the error says, without the visitor's data (our RPC messages hold none). */
export function describeFailure(error: unknown): Pick<DeadLetter, 'status' | 'code' | 'field' | 'reason'> {
  if (!isRecord(error) && !(error instanceof Error)) return { status: 0, code: '', field: null, reason: 'unknown error' };
  const record: Record<string, unknown> = isRecord(error) ? error : {};
  const status = typeof record.status === 'number' ? record.status : 0;
  const code = typeof record.code === 'string' ? record.code : '';
  const field = typeof record.field === 'string' ? record.field : null;
  const stated = typeof record.reason === 'string' ? record.reason : null;
  const name = error instanceof Error ? error.name : 'Error';
  const reason = stated ?? (status ? `HTTP ${status}${code ? ` ${code}` : ''}` : name);
  return { status, code, field, reason };
}

export function createDeadLetters(options: DeadLetterOptions): DeadLetters {
  const { storage, key, log } = options;
  const limit = options.limit ?? 100;
  const now = options.now ?? Date.now;

  // Read and written whole on every change, so two tabs adding at once each keep their own letter.
  const read = (): DeadLetter[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
      if (!isRecord(parsed) || parsed.version !== VERSION || !Array.isArray(parsed.letters)) return [];
      const items: unknown[] = parsed.letters;
      return items.flatMap((item) => parseLetter(item) ?? []);
    } catch {
      return [];
    }
  };
  const write = (letters: DeadLetter[]) => {
    try {
      storage?.setItem(key, JSON.stringify({ version: VERSION, letters }));
    } catch {
      log(`Could not store the dead-letter list (${letters.length} kept in this page only)`);
    }
  };

  return {
    keep(entry, error) {
      const letter: DeadLetter = { entry: { ...entry }, refusedAt: now(), ...describeFailure(error) };
      const letters = [...read(), letter];
      const over = letters.splice(0, Math.max(0, letters.length - limit));
      write(letters);
      const why = `${letter.status || 'network'}${letter.code ? ` ${letter.code}` : ''}: ${letter.field ? `${letter.field} ` : ''}${letter.reason}`;
      log(
        `${entry.fn} was refused (${why}); not retried, kept in localStorage '${key}' (${letters.length} kept)` +
          (over.length ? `; the ${over.length} oldest dropped to stay within ${limit}` : ''),
      );
      return letter;
    },
    list: read,
    forget(resolved) {
      const letters = read();
      const kept = letters.filter((letter) => !resolved(letter));
      if (kept.length !== letters.length) write(kept);
    },
  };
}

function parseLetter(value: unknown): DeadLetter | null {
  if (!isRecord(value)) return null;
  const entry = parseEntry(value.entry);
  const { refusedAt, status, code, field, reason } = value;
  if (!entry || typeof refusedAt !== 'number' || typeof status !== 'number' || typeof code !== 'string') return null;
  if ((field !== null && typeof field !== 'string') || typeof reason !== 'string') return null;
  return { entry, refusedAt, status, code, field, reason };
}
