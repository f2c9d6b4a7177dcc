import { type CachedValue, ResultCache } from '@mwr/domain';

export interface InMemoryResultCacheOptions {
  /** Entries kept at most; the oldest write is evicted first. */
  maxEntries?: number;
  now?: () => number;
}

export const DEFAULT_MAX_ENTRIES = 10_000;

/** The default store: one process's memory, lost on restart, never shared between instances. */
export class InMemoryResultCache extends ResultCache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: InMemoryResultCacheOptions = {}) {
    super();
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CachedValue | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const leftMs = entry.expiresAt - this.now();
    if (leftMs <= 0) {
      this.entries.delete(key);
      return null;
    }
    return { value: entry.value, ttlSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    // Whole seconds, as Redis's EX takes them, so both stores answer alike.
    const seconds = Math.ceil(ttlSeconds);
    if (!(seconds >= 1)) return;
    // Re-inserting moves the key to the end of the Map's order, which is the eviction order.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + seconds * 1000 });
  }
}
