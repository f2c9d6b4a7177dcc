import { randomUUID } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { Redis, ReplyError } from 'ioredis';
import { closedPort } from '../testing/closed-port';
import { type FakeRedisServer, startFakeRedisServer } from '../testing/fake-redis-server';
import { describeResultCacheContract } from '../testing/result-cache.contract';
import { RedisResultCache } from './redis-result-cache';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    'RedisResultCache tests against a real Redis are skipped: set TEST_REDIS_URL (for example ' +
      'TEST_REDIS_URL=redis://127.0.0.1:6379 npx jest -c libs/cache/jest.config.cjs) to run them.',
  );
}
const describeWithRedis = redisUrl ? describe : describe.skip;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describeWithRedis('RedisResultCache against a real Redis', () => {
  // Every key of this run lives under its own prefix, deleted at the end: the Redis may be shared.
  const runPrefix = `mwr-test:cache:${randomUUID()}:`;
  let admin: Redis;
  let harnesses = 0;

  beforeAll(() => {
    admin = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${runPrefix}*`, 'COUNT', 500);
      if (keys.length > 0) await admin.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await admin.quit();
  });

  describeResultCacheContract('Redis', async () => {
    const cache = new RedisResultCache({
      url: redisUrl as string,
      keyPrefix: `${runPrefix}${++harnesses}:`,
      onError: (error) => {
        throw new Error(`unexpected Redis failure: ${error.message}`);
      },
    });
    await cache.connect();
    return { cache, elapse: sleep, dispose: () => cache.close() };
  });

  it('writes with SET … EX under the configured prefix, reporting no error', async () => {
    const onError = jest.fn();
    const cache = new RedisResultCache({ url: redisUrl as string, keyPrefix: `${runPrefix}raw:`, onError });
    await cache.connect();
    await cache.set('k', 'v', 120);
    expect(await admin.get(`${runPrefix}raw:k`)).toBe('v');
    const ttl = await admin.ttl(`${runPrefix}raw:k`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    await cache.close();
    expect(onError).not.toHaveBeenCalled();
  });

  it('comes back by itself once Redis is reachable again', async () => {
    // A TCP relay to the real Redis stands in for a Redis that starts after the application.
    const target = new URL(redisUrl as string);
    const port = await closedPort();
    const onError = jest.fn();
    const cache = new RedisResultCache({ url: `redis://127.0.0.1:${port}`, keyPrefix: `${runPrefix}raw:`, onError, maxReconnectDelayMs: 200 });
    const relay = createServer((inbound) => {
      const outbound = connect(Number(target.port || 6379), target.hostname);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('error', () => outbound.destroy());
      outbound.on('error', () => inbound.destroy());
      inbound.on('close', () => outbound.destroy());
    });
    try {
      await cache.connect();
      await cache.set('back', 'v', 60);
      expect(onError).toHaveBeenCalledWith(expect.any(Error), 'set');

      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      let hit = null;
      for (let attempt = 0; attempt < 40 && !hit; attempt++) {
        await sleep(50);
        await cache.set('back', 'v', 60);
        hit = await cache.get('back');
      }
      expect(hit?.value).toBe('v');
    } finally {
      await cache.close();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });

  it('treats a key without an expiry as a miss', async () => {
    await admin.set(`${runPrefix}raw:forever`, 'v');
    const cache = new RedisResultCache({ url: redisUrl as string, keyPrefix: `${runPrefix}raw:`, onError: jest.fn() });
    await cache.connect();
    expect(await cache.get('forever')).toBeNull();
    await cache.close();
  });
});

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

describe('RedisResultCache with Redis unreachable', () => {
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    consoleError.mockRestore();
  });

  it('answers get with null and drops set, quickly, reporting the failure', async () => {
    const onError = jest.fn();
    const cache = new RedisResultCache({ url: `redis://127.0.0.1:${await closedPort()}`, onError });
    try {
      expect((await timed(() => cache.connect())).ms).toBeLessThan(2000);

      const get = await timed(() => cache.get('reports:v1:forms:acc-1:[]'));
      expect(get.result).toBeNull();
      expect(get.ms).toBeLessThan(2000);

      const set = await timed(() => cache.set('reports:v1:forms:acc-1:[]', '{}', 60));
      expect(set.result).toBeUndefined();
      expect(set.ms).toBeLessThan(2000);

      expect(onError).toHaveBeenCalledWith(expect.any(Error), 'get');
    } finally {
      await cache.close();
    }
    // The client's own connection errors go to its listener, not to unhandled-error output.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('fails fast even before any connect attempt', async () => {
    const onError = jest.fn();
    const cache = new RedisResultCache({ url: `redis://127.0.0.1:${await closedPort()}`, onError });
    try {
      await expect(cache.get('k')).resolves.toBeNull();
      await expect(cache.set('k', 'v', 60)).resolves.toBeUndefined();
      expect(onError).toHaveBeenCalledWith(expect.any(Error), 'get');
    } finally {
      await cache.close();
    }
  });

  it('does not hang on a server that accepts connections but never answers', async () => {
    const silent = await startFakeRedisServer({ stalled: true });
    const onError = jest.fn();
    const cache = new RedisResultCache({ url: `redis://127.0.0.1:${silent.port}`, onError });
    try {
      expect((await timed(() => cache.connect())).ms).toBeLessThan(2000);
      const get = await timed(() => cache.get('k'));
      expect(get.result).toBeNull();
      expect(get.ms).toBeLessThan(2000);
      const set = await timed(() => cache.set('k', 'v', 60));
      expect(set.ms).toBeLessThan(2000);
      expect(onError).toHaveBeenCalledWith(expect.any(Error), 'get');
    } finally {
      await cache.close();
      await silent.close();
    }
  });

  it('keeps answering when the error reporter itself throws', async () => {
    const cache = new RedisResultCache({
      url: `redis://127.0.0.1:${await closedPort()}`,
      onError: () => {
        throw new Error('logger broke');
      },
    });
    try {
      await expect(cache.get('k')).resolves.toBeNull();
      await expect(cache.set('k', 'v', 60)).resolves.toBeUndefined();
    } finally {
      await cache.close();
    }
  });
});

describe('RedisResultCache: a circuit breaker, so that a stalled Redis costs one request its timeout, not every request', () => {
  let clock: number;
  let redis: FakeRedisServer;
  let cache: RedisResultCache;
  let onError: jest.Mock;
  const sent = (name: string) => redis.commands().filter(([command]) => command === name).length;

  beforeEach(async () => {
    clock = 1_000_000;
    redis = await startFakeRedisServer();
    onError = jest.fn();
    cache = new RedisResultCache({ url: `redis://127.0.0.1:${redis.port}`, onError, commandTimeoutMs: 100, breakerCooldownMs: 1000, now: () => clock });
    await cache.connect();
    await cache.set('k', 'v', 60);
    expect(sent('SET')).toBe(1);
    redis.stall();
  });

  afterEach(async () => {
    await cache.close();
    await redis.close();
  });

  it('opens on a timeout: later gets and sets answer at once, and nothing is sent', async () => {
    const first = await timed(() => cache.get('k'));
    expect(first.result).toBeNull();
    expect(first.ms).toBeGreaterThanOrEqual(90);
    expect(cache.bypassed).toBe(true);
    const before = redis.commands().length;
    for (let i = 0; i < 20; i += 1) {
      const get = await timed(() => cache.get(`k${i}`));
      expect(get.result).toBeNull();
      expect(get.ms).toBeLessThan(20);
      expect((await timed(() => cache.set(`k${i}`, 'v', 60))).ms).toBeLessThan(20);
    }
    expect(redis.commands()).toHaveLength(before);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'get');
  });

  it('a set that times out opens it too', async () => {
    await cache.set('k', 'v', 60);
    expect(cache.bypassed).toBe(true);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'set');
  });

  it('after the cool-down one PING probes in the background, while requests go on at once', async () => {
    await cache.get('k');
    clock += 999;
    await cache.get('k');
    expect(sent('PING')).toBe(0);
    clock += 1;
    for (let i = 0; i < 5; i += 1) expect((await timed(() => cache.get('k'))).ms).toBeLessThan(20);
    for (let waited = 0; sent('PING') === 0 && waited < 1000; waited += 10) await sleep(10);
    expect(sent('PING')).toBe(1);
    // The probe times out too: open for another cool-down, and the log says why.
    await sleep(150);
    expect(cache.bypassed).toBe(true);
    expect(onError).toHaveBeenLastCalledWith(expect.any(Error), 'probe');
    clock += 999;
    await cache.get('k');
    expect(sent('PING')).toBe(1);
  });

  it('closes when a probe is answered: commands are sent again', async () => {
    await cache.get('k');
    redis.resume();
    clock += 1000;
    await cache.get('k');
    for (let waited = 0; cache.bypassed && waited < 2000; waited += 10) await sleep(10);
    expect(cache.bypassed).toBe(false);
    const gets = sent('GET');
    expect((await cache.get('k'))).toBeNull();
    await cache.set('k2', 'v', 60);
    expect(sent('GET')).toBe(gets + 1);
    expect(sent('SET')).toBe(2);
  });

  it('an error reply is not an outage: it is reported, and the breaker stays closed', async () => {
    redis.resume();
    const failing = new RedisResultCache({ url: `redis://127.0.0.1:${redis.port}`, onError, keyPrefix: 'p:' });
    await failing.connect();
    (failing as unknown as { client: { set: () => Promise<never> } }).client.set = async () => {
      throw new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value');
    };
    await failing.set('k', 'v', 60);
    expect(onError).toHaveBeenCalledWith(expect.any(ReplyError), 'set');
    expect(failing.bypassed).toBe(false);
    await failing.close();
  });
});
