import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { type PrivateRedis, redisServerAvailable, startPrivateRedis } from './support/private-redis';
import { ReportFixtures } from './support/report-fixtures';
import { type RunningServer, startServer } from './support/server';

const available = redisServerAvailable();
if (!available) console.warn('The stalled-Redis tests are skipped: they start a redis-server of their own, and none is on the PATH.');

const DELIVERIES = { startedAt: '2026-03-10', endedAt: '2026-03-10' };
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

(available ? describe : describe.skip)('a stalled Redis costs the cached listings at most a few milliseconds (contract section 4: the cache is an optimisation only)', () => {
  const env = useE2eEnvironment();
  let redis: PrivateRedis;
  let server: RunningServer;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    server = await startServer({ DATABASE_URL: env.databaseUrl, REDIS_URL: redis.url });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('SIGSTOP: once the breaker is open, listings answer in about their usual time from the database; SIGCONT: the cache serves them again', async () => {
    const fixtures = new ReportFixtures(env.sql);
    const client = await env.fixtures.account();
    const chain = await fixtures.chain(client.accountId);
    await fixtures.stop(chain);
    const deliveries = async () => {
      const started = process.hrtime.bigint();
      const res = await request(server.baseUrl).get('/v1/deliveries/results').set(client.headers).query(DELIVERIES);
      expect(res.status).toBe(200);
      return { total: res.body.total as number, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    // The usual time of a cached listing, with Redis answering.
    expect((await deliveries()).total).toBe(1);
    const usual: number[] = [];
    for (let i = 0; i < 20; i += 1) usual.push((await deliveries()).ms);

    redis.freeze();
    // A row the cached page does not have: what the database answers while the cache is bypassed.
    await fixtures.stop(chain);
    // The request that finds Redis stalled waits out the read timeout, and opens the breaker.
    expect((await deliveries()).total).toBe(2);
    const stalled: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const answer = await deliveries();
      expect(answer.total).toBe(2);
      stalled.push(answer.ms);
    }
    // Without the breaker every one of these waits out the read timeout and the write timeout.
    expect(medianOf(stalled)).toBeLessThan(medianOf(usual) + 20);
    expect(stalled.filter((ms) => ms >= 400)).toEqual([]);

    redis.thaw();
    // Served from the cache again once a new row does not show. (A page loaded while the cache was
    // bypassed may be written when the breaker closes; the request after it is served from it.)
    let fromCache = false;
    for (let waited = 0; !fromCache && waited < 10_000; waited += 100) {
      const before = await deliveries();
      await fixtures.stop(chain);
      fromCache = (await deliveries()).total === before.total;
      if (!fromCache) await new Promise((tick) => setTimeout(tick, 100));
    }
    expect(fromCache).toBe(true);
  }, 60_000);
});
