import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { closedPort } from '../testing/closed-port';
import { RedisRateLimiter } from './redis-rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('RedisRateLimiter tests against a real Redis are skipped: set TEST_REDIS_URL to run them.');
const describeWithRedis = redisUrl ? describe : describe.skip;

/** A per-instance bucket that counts what it is asked, standing in for apps/api's RateLimiter. */
function countingFallback() {
  const asked: string[] = [];
  return { asked, take: (key: string) => (asked.push(key), 0) };
}

describeWithRedis('RedisRateLimiter: one token bucket per account shared by every instance (issue 9: one rate limit across instances)', () => {
  const keyPrefix = `mwr-test:rate:${randomUUID()}:`;
  const limiters: RedisRateLimiter[] = [];
  let admin: Redis;

  async function limiter(perMinute: number) {
    const fallback = countingFallback();
    const created = new RedisRateLimiter({
      url: redisUrl as string,
      keyPrefix,
      perMinute,
      fallback: fallback.take,
      onError: (error) => {
        throw new Error(`unexpected Redis failure: ${error.message}`);
      },
    });
    limiters.push(created);
    await created.connect();
    return { limiter: created, fallback };
  }

  beforeAll(() => {
    admin = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    await Promise.all(limiters.map((created) => created.close()));
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('two instances spend one bucket: 5 a minute allows 5 requests in all, then Retry-After is the time to the next token', async () => {
    const a = await limiter(5);
    const b = await limiter(5);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await a.limiter.take('account-1'), await b.limiter.take('account-1'));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5);
    // A token every 12 s: the first refusal waits about that long, in whole seconds.
    const refused = answers.filter((wait) => wait > 0);
    expect(refused).toHaveLength(3);
    expect(Math.max(...refused)).toBeLessThanOrEqual(12);
    expect(Math.min(...refused)).toBeGreaterThanOrEqual(11);
    expect(a.fallback.asked).toEqual([]);
    expect(b.fallback.asked).toEqual([]);
  });

  it('takes are atomic: 60 concurrent requests from two instances against 20 a minute get exactly 20 tokens', async () => {
    const a = await limiter(20);
    const b = await limiter(20);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).limiter.take('account-2')));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(20);
  });

  it('accounts do not share a bucket, and the bucket expires once it would be full again', async () => {
    const a = await limiter(60);
    expect(await a.limiter.take('account-3')).toBe(0);
    expect(await a.limiter.take('account-4')).toBe(0);
    const ttl = await admin.pttl(`${keyPrefix}rate:account-3`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });
});

describe('RedisRateLimiter with Redis unreachable: the per-instance limit answers, never an error (issue 9: Redis down means per-instance, never a 5xx)', () => {
  it('falls back at once, reports the failure, and leaves Redis alone while the breaker is open', async () => {
    const fallback = countingFallback();
    const errors: Error[] = [];
    const limiter = new RedisRateLimiter({
      url: `redis://127.0.0.1:${await closedPort()}`,
      perMinute: 10,
      fallback: fallback.take,
      onError: (error) => errors.push(error),
      breakerCooldownMs: 60_000,
    });
    await limiter.connect();
    try {
      const started = Date.now();
      for (let i = 0; i < 20; i += 1) expect(await limiter.take('account-1')).toBe(0);
      expect(Date.now() - started).toBeLessThan(500);
      expect(fallback.asked).toHaveLength(20);
      expect(limiter.fallingBack).toBe(true);
      // One failed command opened the breaker; the others never reached the client.
      expect(errors).toHaveLength(1);
    } finally {
      await limiter.close();
    }
  });
});
