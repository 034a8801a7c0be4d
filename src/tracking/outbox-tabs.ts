/**
 * One outbox queue per tab, so two open tabs never overwrite each other's pending writes, and a tab
 * closed with writes still pending (offline) hands them to a tab that is still open.
 *
 * Each page stores its queue under `<base>:<tab id>` and holds the Web Lock `<base>:tab:<tab id>` for
 * as long as it lives. Every page waits on the lock of every other queue it sees: the browser grants
 * that lock only once its owner is gone (closed, reloaded, crashed), and only to one waiter at a time,
 * so an orphaned queue is adopted exactly once and a live tab's queue never is. A queue stored under
 * the bare `<base>` key by an earlier version is adopted the same way.
 *
 * Without Web Locks (very old browsers) every tab shares the bare key, as before.
 */
import type { Outbox } from './outbox.ts';
import { loadEntries, type OutboxStorage } from './outbox-storage.ts';

/** localStorage, as far as the tabs need it: items, and the list of keys. */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** The part of `navigator.locks` used here: an exclusive lock, held until the callback's promise settles. */
export interface TabLocks {
  request(name: string, callback: (lock: Lock | null) => unknown): Promise<unknown>;
}

export interface TabOutboxOptions {
  /** The shared prefix of every tab's queue key, e.g. 'funnel_outbox'. */
  base: string;
  storage: TabStorage | null;
  /** `navigator.locks`; undefined where the browser has none. */
  locks: TabLocks | undefined;
  /** Where `storage` events arrive (window): a new tab's queue is noticed when it is first written. */
  events?: EventTarget;
  /** This page's id; default a random UUID (a reload is a new page, whose old queue is adopted). */
  tabId?: string;
}

export interface TabOutbox {
  /** This tab's queue key, for `createOutbox`. */
  key: string;
  /** The storage for `createOutbox`: its writes wait until this tab holds its lock. */
  storage: OutboxStorage;
  /** Hands every orphaned queue, now and whenever another tab goes, to `outbox.adopt`; returns the unsubscribe. */
  adoptInto(outbox: Pick<Outbox, 'adopt'>): () => void;
}

/** Holds a lock until the page goes away. */
const forever = () => new Promise<never>(() => undefined);

export function openTabOutbox(options: TabOutboxOptions): TabOutbox {
  const { base } = options;
  if (!options.locks || !options.storage) {
    return { key: base, storage: options.storage, adoptInto: () => () => undefined };
  }
  const storage: TabStorage = options.storage;
  const locks: TabLocks = options.locks;
  const tabId = options.tabId ?? crypto.randomUUID();
  const key = `${base}:${tabId}`;
  const lockName = (owner: string) => `${base}:tab:${owner}`;

  // Until this tab holds its lock, another tab could take its key for an orphan's: keep writes in memory.
  let held = false;
  const early = new Map<string, string>();
  const onHeld: (() => void)[] = [];
  void locks.request(lockName(tabId), () => {
    held = true;
    for (const [name, value] of early) safely(() => storage.setItem(name, value));
    early.clear();
    onHeld.splice(0).forEach((run) => run());
    return forever();
  });

  const gated: OutboxStorage = {
    getItem: (name) => early.get(name) ?? storage.getItem(name),
    setItem: (name, value) => {
      if (held) storage.setItem(name, value);
      else early.set(name, value);
    },
  };

  /** The owner of a queue key: a tab id, 'legacy' for the bare key, null for anything else. */
  const ownerOf = (name: string): string | null => {
    if (name === base) return 'legacy';
    const rest = name.startsWith(`${base}:`) ? name.slice(base.length + 1) : '';
    return /^[\w-]{1,64}$/.test(rest) ? rest : null;
  };

  function adoptInto(outbox: Pick<Outbox, 'adopt'>): () => void {
    const watched = new Set<string>();
    let stopped = false;
    const watch = (name: string) => {
      const owner = ownerOf(name);
      if (stopped || owner === null || owner === tabId || watched.has(name)) return;
      watched.add(name);
      // Granted at once when the owner is gone; otherwise when it goes.
      void locks.request(lockName(owner), () => {
        watched.delete(name);
        if (stopped) return;
        const entries = loadEntries(storage, name);
        // Stored in this tab's queue before the orphan's copy is removed: a crash in between can only
        // leave a copy twice, and each entry's id keeps a second delivery from doubling a row.
        if (entries.length > 0) outbox.adopt(entries);
        safely(() => storage.removeItem(name));
      });
    };
    const scan = () => {
      const names: string[] = [];
      safely(() => {
        for (let index = 0; index < storage.length; index += 1) {
          const name = storage.key(index);
          if (name !== null) names.push(name);
        }
      });
      names.forEach(watch);
    };
    const onStorage = (event: Event) => {
      if (event instanceof StorageEvent && event.key !== null && event.newValue !== null) watch(event.key);
    };
    options.events?.addEventListener('storage', onStorage);
    // Adopted entries are written to this tab's queue, so adopt only once that is safely ours.
    if (held) scan();
    else onHeld.push(scan);
    return () => {
      stopped = true;
      options.events?.removeEventListener('storage', onStorage);
    };
  }

  return { key, storage: gated, adoptInto };
}

function safely(run: () => void): void {
  try {
    run();
  } catch {
    // Storage refused (quota, privacy mode): the queue still lives in memory for this page.
  }
}
