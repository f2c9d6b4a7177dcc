import { Clock } from '../lib/application/ports/clock.port';
import { KeyGenerator } from '../lib/application/ports/key-generator.port';
import { type CachedValue, ResultCache } from '../lib/application/ports/result-cache.port';
import type { PageRequest, PageRows } from '../lib/application/queries/page';

/** A clock that stands still until a test moves `current`. */
export class FixedClock extends Clock {
  constructor(public current: Date) {
    super();
  }

  now(): Date {
    return new Date(this.current.getTime());
  }
}

/** Keys and ids in creation order (`MB-000000000001`, …), so tests can name what they expect. */
export class SequentialKeys extends KeyGenerator {
  private counts = { uuid: 0, event: 0, mb: 0, mu: 0 };

  uuid(): string {
    return `00000000-0000-4000-8000-${String(++this.counts.uuid).padStart(12, '0')}`;
  }

  eventId(): string {
    return `00000000-0000-7000-8000-${String(++this.counts.event).padStart(12, '0')}`;
  }

  mbKey(): string {
    return `MB-${String(++this.counts.mb).padStart(12, '0')}`;
  }

  muKey(): string {
    return `MU-${String(++this.counts.mu).padStart(12, '0')}`;
  }
}

/**
 * Stands for any listing's read model: it answers the page a test gave it, whatever the filter, and
 * records what it was asked. Filtering is the adapters' work, proven against a real database.
 */
export class CannedReadModel<Filter, Row> {
  readonly calls: { accountId: string; filter: Filter; request: PageRequest }[] = [];

  constructor(
    public rows: Row[],
    public total = rows.length,
  ) {}

  async page(accountId: string, filter: Filter, request: PageRequest): Promise<PageRows<Row>> {
    this.calls.push({ accountId, filter, request });
    // Copies: a handler that changed the rows it was given would otherwise alter fixtures other tests share.
    return { total: this.total, rows: structuredClone(this.rows) };
  }
}

/**
 * A result cache in a map, where time stands still: an entry keeps the seconds left it was stored
 * with until a test changes them. `down` behaves as the port says a store that cannot be reached
 * does: every `get` misses and every `set` is dropped.
 */
export class FakeResultCache extends ResultCache {
  readonly entries = new Map<string, CachedValue>();
  down = false;

  async get(key: string): Promise<CachedValue | null> {
    if (this.down) return null;
    const entry = this.entries.get(key);
    return entry ? { ...entry } : null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (!this.down) this.entries.set(key, { value, ttlSeconds });
  }
}
