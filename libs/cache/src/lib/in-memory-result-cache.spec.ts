import { describeResultCacheContract } from '../testing/result-cache.contract';
import { InMemoryResultCache } from './in-memory-result-cache';

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

  it('stays within its bound, evicting the oldest write first', async () => {
    const cache = new InMemoryResultCache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.set(key, key, 60);
    await cache.set('a', 'a again', 60);
    await cache.set('d', 'd', 60);
    expect(cache.size).toBe(3);
    expect(await cache.get('b')).toBeNull();
    expect((await cache.get('a'))?.value).toBe('a again');
    expect((await cache.get('c'))?.value).toBe('c');
    expect((await cache.get('d'))?.value).toBe('d');
  });

  it('bounds itself to 10,000 entries by default', async () => {
    const cache = new InMemoryResultCache();
    for (let i = 0; i < 10_050; i++) await cache.set(`k${i}`, 'v', 60);
    expect(cache.size).toBe(10_000);
    expect(await cache.get('k0')).toBeNull();
    expect(await cache.get('k10049')).not.toBeNull();
  });

  it('ignores writes that would already be expired', async () => {
    const cache = new InMemoryResultCache();
    await cache.set('zero', 'v', 0);
    await cache.set('negative', 'v', -5);
    await cache.set('nan', 'v', Number.NaN);
    expect(cache.size).toBe(0);
  });
});
