import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ResultCache } from '@mwr/domain';
import { closedPort } from '../testing/closed-port';
import { CacheModule, ResultCacheProbe } from './cache.module';
import { InMemoryResultCache } from './in-memory-result-cache';
import { RedisResultCache } from './redis-result-cache';

describe('CacheModule', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the cache in memory when no Redis is configured', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CacheModule.forRoot({ redisUrl: null })] }).compile();
    expect(moduleRef.get(ResultCache)).toBeInstanceOf(InMemoryResultCache);
    await moduleRef.close();
  });

  it('uses Redis when configured, starts with it down, logs its failures sparingly and closes it on shutdown', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const close = jest.spyOn(RedisResultCache.prototype, 'close');
    const moduleRef = await Test.createTestingModule({
      imports: [CacheModule.forRoot({ redisUrl: `redis://127.0.0.1:${await closedPort()}` })],
    }).compile();
    await moduleRef.init();
    const cache = moduleRef.get(ResultCache);
    expect(cache).toBeInstanceOf(RedisResultCache);

    for (let i = 0; i < 5; i++) await expect(cache.get(`k${i}`)).resolves.toBeNull();
    await cache.set('k', 'v', 60);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([expect.stringContaining('get failed')]);

    await moduleRef.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('tells onLookup whether each lookup hit, in memory', async () => {
    const lookups: boolean[] = [];
    const moduleRef = await Test.createTestingModule({ imports: [CacheModule.forRoot({ redisUrl: null, onLookup: (hit) => lookups.push(hit) })] }).compile();
    const cache = moduleRef.get(ResultCache);
    await cache.get('report');
    await cache.set('report', '{}', 60);
    await expect(cache.get('report')).resolves.toEqual({ value: '{}', ttlSeconds: 60 });
    expect(lookups).toEqual([false, true]);
    expect(moduleRef.get(ResultCacheProbe).shared).toBe(false);
    await expect(moduleRef.get(ResultCacheProbe).reachable()).resolves.toBe(true);
    await moduleRef.close();
  });

  it('with Redis down, every lookup is a miss, and the probe says Redis is unreachable at once', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const lookups: boolean[] = [];
    const moduleRef = await Test.createTestingModule({
      imports: [CacheModule.forRoot({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, onLookup: (hit) => lookups.push(hit) })],
    }).compile();
    await moduleRef.init();
    await moduleRef.get(ResultCache).get('report');
    expect(lookups).toEqual([false]);
    const probe = moduleRef.get(ResultCacheProbe);
    expect(probe.shared).toBe(true);
    const started = Date.now();
    await expect(probe.reachable()).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    await moduleRef.close();
  });

  const redisUrl = process.env['TEST_REDIS_URL'];
  (redisUrl ? it : it.skip)('with Redis up (TEST_REDIS_URL), the probe says it is reachable', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [CacheModule.forRoot({ redisUrl: redisUrl ?? null })] }).compile();
    await moduleRef.init();
    await expect(moduleRef.get(ResultCacheProbe).reachable()).resolves.toBe(true);
    await moduleRef.close();
  });
});
