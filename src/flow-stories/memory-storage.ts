/**
 * A sessionStorage stand-in per story: each story starts from its own seeded visit, and what the
 * funnel writes while a designer clicks through never leaks into the next story or the real tab.
 */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();

  /** Starts with `entries` stored (already serialised). */
  constructor(entries: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(entries)) this.#items.set(key, value);
  }

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}
