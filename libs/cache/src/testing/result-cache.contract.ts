import type { ResultCache } from '@mwr/domain';

export interface ResultCacheHarness {
  cache: ResultCache;
  /** Lets `ms` pass as the cache sees it: moves an injected clock, or really waits. */
  elapse(ms: number): Promise<void>;
  /** Releases what the harness holds (connections, keys). */
  dispose?(): Promise<void>;
}

/** The behaviour every `ResultCache` adapter owes the domain, run against each of them. */
export function describeResultCacheContract(name: string, makeCache: () => ResultCacheHarness | Promise<ResultCacheHarness>): void {
  describe(`ResultCache contract: ${name}`, () => {
    let harness: ResultCacheHarness;
    let cache: ResultCache;

    beforeEach(async () => {
      harness = await makeCache();
      cache = harness.cache;
    });

    afterEach(async () => {
      await harness.dispose?.();
    });

    it('returns what was set, with its time left', async () => {
      await cache.set('reports:v1:forms:acc-1:[]', '{"total":0}', 60);
      const hit = await cache.get('reports:v1:forms:acc-1:[]');
      expect(hit?.value).toBe('{"total":0}');
      expect(hit?.ttlSeconds).toBeGreaterThan(0);
      expect(hit?.ttlSeconds).toBeLessThanOrEqual(60);
      expect(Number.isInteger(hit?.ttlSeconds)).toBe(true);
    });

    it('answers null for a key never set', async () => {
      await expect(cache.get('reports:v1:forms:acc-1:missing')).resolves.toBeNull();
    });

    it('keeps the last value written to a key', async () => {
      await cache.set('k', 'first', 60);
      await cache.set('k', 'second', 30);
      const hit = await cache.get('k');
      expect(hit?.value).toBe('second');
      expect(hit?.ttlSeconds).toBeLessThanOrEqual(30);
    });

    it('never answers one key with another key’s value', async () => {
      // Same listing and parameters, different client accounts: a leak here is a tenant leak.
      const a = 'reports:v1:deliveries:acc-a:[["page",1]]';
      const b = 'reports:v1:deliveries:acc-b:[["page",1]]';
      await cache.set(a, 'for account a', 60);
      await expect(cache.get(b)).resolves.toBeNull();
      await cache.set(b, 'for account b', 60);
      expect((await cache.get(a))?.value).toBe('for account a');
      expect((await cache.get(b))?.value).toBe('for account b');
      await expect(cache.get('reports:v1:deliveries:acc-a:')).resolves.toBeNull();
    });

    it('keeps unicode and large values intact', async () => {
      const value = JSON.stringify({ data: Array.from({ length: 2000 }, (_, i) => ({ i, name: 'São Paulo – ✓' })) });
      await cache.set('big', value, 60);
      expect((await cache.get('big'))?.value).toBe(value);
    });

    it('forgets an entry once its time is up', async () => {
      await cache.set('short', 'soon gone', 1);
      await harness.elapse(1100);
      await expect(cache.get('short')).resolves.toBeNull();
    });
  });
}
