import { describeResultCacheContract } from '../testing/result-cache.contract';
import { DEFAULT_MAX_BYTES, entryBytes, InMemoryResultCache } from './in-memory-result-cache';

function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describeResultCacheContract('in memory', () => {
  const clock = fakeClock();
  return {
    cache: new InMemoryResultCache({ now: clock.now }),
    elapse: async (ms) => void clock.advance(ms),
  };
});

describe('InMemoryResultCache', () => {
  it('counts time left in whole seconds, rounded up, at least 1 while alive', async () => {
    const clock = fakeClock();
    const cache = new InMemoryResultCache({ now: clock.now });
    await cache.set('k', 'v', 60);
    expect((await cache.get('k'))?.ttlSeconds).toBe(60);
    clock.advance(500);
    expect((await cache.get('k'))?.ttlSeconds).toBe(60);
    clock.advance(29_000);
    expect((await cache.get('k'))?.ttlSeconds).toBe(31);
    clock.advance(30_499);
    expect((await cache.get('k'))?.ttlSeconds).toBe(1);
    clock.advance(1);
    expect(await cache.get('k')).toBeNull();
  });

  it('drops expired entries when they are read', async () => {
    const clock = fakeClock();
    const cache = new InMemoryResultCache({ now: clock.now });
    await cache.set('k', 'v', 1);
    clock.advance(1000);
    expect(await cache.get('k')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('counts keys and values as UTF-16, two bytes a code unit', () => {
    expect(entryBytes('key', 'value')).toBe(16);
    expect(entryBytes('k', 'ç😀')).toBe(8);
  });

  it('stays within its byte bound, evicting the least recently written first when nothing is read', async () => {
    // Each entry below costs (1 + 9) * 2 = 20 bytes: three fit in 60.
    const cache = new InMemoryResultCache({ maxBytes: 60 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, `${key}-value-1`, 60);
    await cache.set('a', 'a-value-2', 60);
    await cache.set('d', 'd-value-1', 60);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(60);
    expect(await cache.get('b')).toBeNull();
    expect((await cache.get('a'))?.value).toBe('a-value-2');
    expect((await cache.get('c'))?.value).toBe('c-value-1');
    expect((await cache.get('d'))?.value).toBe('d-value-1');
  });

  it('evicts the least recently used first: an entry that is read stays, one-off entries go', async () => {
    // Each entry costs 20 bytes: three fit in 60.
    const cache = new InMemoryResultCache({ maxBytes: 60 });
    await cache.set('a', 'a-value-1', 60);
    await cache.set('b', 'b-value-1', 60);
    await cache.set('c', 'c-value-1', 60);
    for (let i = 0; i < 100; i += 1) {
      expect((await cache.get('a'))?.value).toBe('a-value-1');
      await cache.set('pqrstuvwxy'[i % 10], 'z-value-1', 60);
    }
    expect(cache.size).toBe(3);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('c')).toBeNull();
    expect((await cache.get('a'))?.value).toBe('a-value-1');
    expect((await cache.get('y'))?.value).toBe('z-value-1');
    expect((await cache.get('x'))?.value).toBe('z-value-1');
    expect(await cache.get('w')).toBeNull();
  });

  it('a miss or an expired entry does not count as a use', async () => {
    const clock = fakeClock();
    const cache = new InMemoryResultCache({ maxBytes: 60, now: clock.now });
    await cache.set('a', 'a-value-1', 60);
    await cache.set('b', 'b-value-1', 1);
    await cache.set('c', 'c-value-1', 60);
    clock.advance(1000);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('zz')).toBeNull();
    await cache.set('d', 'd-value-1', 60);
    await cache.set('e', 'e-value-1', 60);
    expect(await cache.get('a')).toBeNull();
    expect(cache.size).toBe(3);
  });

  it('evicts as many old entries as a large write needs', async () => {
    const cache = new InMemoryResultCache({ maxBytes: 60 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, `${key}-value-1`, 60);
    await cache.set('e', 'x'.repeat(19), 60);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('b')).toBeNull();
    expect((await cache.get('c'))?.value).toBe('c-value-1');
    expect(cache.bytes).toBe(60);
  });

  it('does not store a value larger than the whole bound, and forgets the key’s older value', async () => {
    const cache = new InMemoryResultCache({ maxBytes: 60 });
    await cache.set('a', 'small', 60);
    await cache.set('b', 'small', 60);
    await cache.set('a', 'x'.repeat(30), 60);
    expect(await cache.get('a')).toBeNull();
    expect((await cache.get('b'))?.value).toBe('small');
    expect(cache.bytes).toBe(entryBytes('b', 'small'));
  });

  it('gives back the bytes of entries that expire or are overwritten', async () => {
    const clock = fakeClock();
    const cache = new InMemoryResultCache({ maxBytes: 60, now: clock.now });
    await cache.set('a', 'short', 1);
    await cache.set('b', 'longer value', 60);
    await cache.set('b', 'v', 60);
    expect(cache.bytes).toBe(entryBytes('a', 'short') + entryBytes('b', 'v'));
    clock.advance(1000);
    expect(await cache.get('a')).toBeNull();
    expect(cache.bytes).toBe(entryBytes('b', 'v'));
  });

  it('bounds itself to 32 MiB by default, whatever the number of entries', async () => {
    const cache = new InMemoryResultCache();
    // About 25 KB pages: 1,400 of them would take about 70 MiB.
    const page = 'p'.repeat(12_500);
    for (let i = 0; i < 1_400; i++) await cache.set(`k${i}`, page, 60);
    expect(cache.bytes).toBeLessThanOrEqual(DEFAULT_MAX_BYTES);
    expect(cache.bytes).toBeGreaterThan(DEFAULT_MAX_BYTES - entryBytes('k1399', page));
    expect(await cache.get('k0')).toBeNull();
    expect(await cache.get('k1399')).not.toBeNull();
    for (let i = 0; i < 2_000; i++) await cache.set(`small${i}`, 'v', 60);
    expect(cache.size).toBeGreaterThan(2_000);
  });

  it('ignores writes that would already be expired', async () => {
    const cache = new InMemoryResultCache();
    await cache.set('zero', 'v', 0);
    await cache.set('negative', 'v', -5);
    await cache.set('nan', 'v', Number.NaN);
    expect(cache.size).toBe(0);
  });
});
