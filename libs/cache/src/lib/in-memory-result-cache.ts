import { type CachedValue, ResultCache } from '@mwr/domain';

export interface InMemoryResultCacheOptions {
  /** Bytes of keys and values kept at most (see `entryBytes`); the least recently used go first. */
  maxBytes?: number;
  now?: () => number;
}

export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * What an entry costs, estimated as UTF-16 (two bytes a code unit): pages differ in size by orders
 * of magnitude, so a bound on the number of entries would not bound memory.
 */
export function entryBytes(key: string, value: string): number {
  return (key.length + value.length) * 2;
}

/**
 * The default store: one process's memory, lost on restart, never shared between instances. Keys
 * carry filter values a client chooses, so the store is bounded in bytes and evicts the least
 * recently used entries (read or written) first: a client sending endless new filters pushes out
 * its own one-off pages, not the pages that are being read.
 */
export class InMemoryResultCache extends ResultCache {
  private readonly entries = new Map<string, { value: string; expiresAt: number; bytes: number }>();
  private readonly maxBytes: number;
  private readonly now: () => number;
  private storedBytes = 0;

  constructor(options: InMemoryResultCacheOptions = {}) {
    super();
    this.maxBytes = Math.max(0, options.maxBytes ?? DEFAULT_MAX_BYTES);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held now, as `entryBytes` counts them. */
  get bytes(): number {
    return this.storedBytes;
  }

  async get(key: string): Promise<CachedValue | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const leftMs = entry.expiresAt - this.now();
    if (leftMs <= 0) {
      this.delete(key);
      return null;
    }
    // Re-inserting moves the key to the end of the Map's order, the most recently used end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { value: entry.value, ttlSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    // Whole seconds, as Redis's EX takes them, so both stores answer alike.
    const seconds = Math.ceil(ttlSeconds);
    if (!(seconds >= 1)) return;
    this.delete(key);
    const bytes = entryBytes(key, value);
    // Storing it would mean evicting everything else and still exceeding the bound.
    if (bytes > this.maxBytes) return;
    for (const leastRecentlyUsed of this.entries.keys()) {
      if (this.storedBytes + bytes <= this.maxBytes) break;
      this.delete(leastRecentlyUsed);
    }
    this.entries.set(key, { value, expiresAt: this.now() + seconds * 1000, bytes });
    this.storedBytes += bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.storedBytes -= entry.bytes;
  }
}
