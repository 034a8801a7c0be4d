// @vitest-environment jsdom
/**
 * Per-tab queues over a fake Web Locks manager that behaves like the browser's: one holder per name,
 * waiters granted in order once the holder lets go, and a closed tab letting go of everything it held.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';
import { serializeEntries } from './outbox-storage.ts';
import { openTabOutbox, type TabLocks, type TabStorage } from './outbox-tabs.ts';

const BASE = 'funnel_outbox';

/** localStorage shared by the tabs; a write fires `storage` on `events`, as the browser does in other tabs. */
function memoryStorage(events?: EventTarget): TabStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
      events?.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/** A lock manager shared by every "tab"; `close(tab)` lets go of whatever that tab holds or waits for. */
function fakeLocks() {
  const holders = new Map<string, string>();
  const waiting = new Map<string, { tab: string; grant: () => void }[]>();
  const release = (name: string) => {
    holders.delete(name);
    const next = waiting.get(name)?.shift();
    next?.grant();
  };
  const forTab = (tab: string): TabLocks => ({
    request(name, callback) {
      return new Promise<unknown>((resolve) => {
        const grant = () => {
          holders.set(name, tab);
          void Promise.resolve(callback({ name, mode: 'exclusive' })).then((value: unknown) => {
            if (holders.get(name) === tab) release(name);
            resolve(value);
          });
        };
        if (holders.has(name)) waiting.set(name, [...(waiting.get(name) ?? []), { tab, grant }]);
        else grant();
      });
    },
  });
  const close = (tab: string) => {
    for (const [name, list] of waiting) waiting.set(name, list.filter((w) => w.tab !== tab));
    for (const [name, holder] of holders) if (holder === tab) release(name);
  };
  return { forTab, close, holders };
}

function entry(id: string, fn = 'save_quiz_completion'): OutboxEntry {
  return { id, fn, args: { email: `${id}@example.com` }, attempts: 1, createdAt: 1 };
}

const outboxes: Outbox[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  outboxes.splice(0).forEach((outbox) => outbox.dispose());
  vi.useRealTimers();
});

/** A tab: its per-tab queue and an outbox whose sends succeed only while `online()` is true. */
function openTab(
  tab: string,
  storage: TabStorage,
  locks: ReturnType<typeof fakeLocks>,
  online: () => boolean,
  events?: EventTarget,
) {
  const delivered: string[] = [];
  const queue = openTabOutbox({ base: BASE, storage, locks: locks.forTab(tab), tabId: tab, events });
  const outbox = createOutbox({
    storage: queue.storage,
    key: queue.key,
    send: async (sent) => {
      if (!online()) throw new TypeError('Failed to fetch');
      delivered.push(sent.id);
    },
  });
  outboxes.push(outbox);
  const stop = queue.adoptInto(outbox);
  return { queue, outbox, delivered, stop };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('openTabOutbox', () => {
  it('gives each tab its own key, so two tabs never overwrite each other', async () => {
    const storage = memoryStorage();
    const locks = fakeLocks();
    const a = openTab('a', storage, locks, () => false);
    const b = openTab('b', storage, locks, () => false);
    await settle();
    a.outbox.enqueue('save_quiz_completion', {}, { id: 'lead-a' }).catch(() => undefined);
    b.outbox.enqueue('save_quiz_completion', {}, { id: 'lead-b' }).catch(() => undefined);
    await settle();
    expect(a.queue.key).toBe(`${BASE}:a`);
    expect(storage.getItem(`${BASE}:a`)).toContain('lead-a');
    expect(storage.getItem(`${BASE}:b`)).toContain('lead-b');
    // Both alive: neither adopts the other's queue.
    expect(a.outbox.pending().map((e) => e.id)).toEqual(['lead-a']);
    expect(b.outbox.pending().map((e) => e.id)).toEqual(['lead-b']);
  });

  it('hands the queue of a tab closed offline to the open tab, which delivers it once back online', async () => {
    const events = new EventTarget();
    const storage = memoryStorage(events);
    const locks = fakeLocks();
    let online = false;
    const a = openTab('a', storage, locks, () => online);
    const b = openTab('b', storage, locks, () => online, events);
    await settle();
    a.outbox.enqueue('save_quiz_completion', {}, { id: 'lead-a' }).catch(() => undefined);
    await settle();
    // B noticed A's queue when A first wrote it, and waits; A closes offline.
    expect(b.outbox.pending()).toEqual([]);
    a.outbox.dispose();
    locks.close('a');
    await settle();
    expect(b.outbox.pending().map((e) => e.id)).toEqual(['lead-a']);
    expect(storage.getItem(`${BASE}:a`)).toBeNull();
    expect(storage.getItem(`${BASE}:b`)).toContain('lead-a');
    online = true;
    await b.outbox.flush();
    expect(b.delivered).toEqual(['lead-a']);
    expect(a.delivered).toEqual([]);
  });

  it('notices a queue written after it scanned, through the storage event', async () => {
    const storage = memoryStorage();
    const locks = fakeLocks();
    const events = new EventTarget();
    const b = openTab('b', storage, locks, () => true, events);
    await settle();
    const a = openTab('a', storage, locks, () => false);
    await settle();
    a.outbox.enqueue('save_quiz_completion', {}, { id: 'lead-a' }).catch(() => undefined);
    events.dispatchEvent(new StorageEvent('storage', { key: `${BASE}:a`, newValue: storage.getItem(`${BASE}:a`) }));
    await settle();
    expect(b.outbox.pending()).toEqual([]);
    locks.close('a');
    await settle();
    expect(b.delivered).toEqual(['lead-a']);
  });

  it('adopts an orphan exactly once when several tabs wait for it, and a legacy shared queue too', async () => {
    const storage = memoryStorage();
    storage.setItem(`${BASE}:gone`, serializeEntries([entry('lead-gone')]));
    storage.setItem(BASE, serializeEntries([entry('lead-old')]));
    const locks = fakeLocks();
    const b = openTab('b', storage, locks, () => true);
    const c = openTab('c', storage, locks, () => true);
    await settle();
    expect([...b.delivered, ...c.delivered].sort()).toEqual(['lead-gone', 'lead-old']);
    expect(storage.getItem(`${BASE}:gone`)).toBeNull();
    expect(storage.getItem(BASE)).toBeNull();
  });

  it('keeps writes in memory until the tab holds its lock, then stores them', async () => {
    const storage = memoryStorage();
    const locks = fakeLocks();
    // Someone else holds tab x's lock for now (as a tab adopting x's queue would).
    let letGo = () => undefined as void;
    void locks.forTab('other').request(`${BASE}:tab:x`, () => new Promise<void>((done) => (letGo = done)));
    const queue = openTabOutbox({ base: BASE, storage, locks: locks.forTab('x'), tabId: 'x' });
    queue.storage?.setItem(queue.key, 'early');
    expect(storage.getItem(queue.key)).toBeNull();
    expect(queue.storage?.getItem(queue.key)).toBe('early');
    letGo();
    await settle();
    expect(storage.getItem(queue.key)).toBe('early');
  });

  it('shares the bare key, as before, where the browser has no Web Locks', () => {
    const storage = memoryStorage();
    const queue = openTabOutbox({ base: BASE, storage, locks: undefined });
    expect(queue.key).toBe(BASE);
    expect(queue.storage).toBe(storage);
  });

  it('ignores keys that are not queues of this base', async () => {
    const storage = memoryStorage();
    storage.setItem(`${BASE}_dead_letters`, '[]');
    storage.setItem(`${BASE}:a:b`, serializeEntries([entry('odd')]));
    const locks = fakeLocks();
    const b = openTab('b', storage, locks, () => true);
    await settle();
    expect(b.outbox.pending()).toEqual([]);
    expect(storage.getItem(`${BASE}_dead_letters`)).toBe('[]');
  });
});
