import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ResultCache } from '@mwr/domain';
import { closedPort } from '../testing/closed-port';
import { CacheModule } from './cache.module';
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
});
