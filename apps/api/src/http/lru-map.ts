/**
 * A Map that keeps at most `maxEntries`, dropping the least recently used: for state keyed by
 * values a client chooses (addresses, client ids), which must not grow with every value sent.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new Error('maxEntries must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now counted as the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting moves the key to the recent end.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches: a scan, for rare events such as a revocation. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, value] of this.entries) if (matches(value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
