import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Pool } from 'pg';
import request from 'supertest';
import { type Credentials, Fixtures } from './support/fixtures';
import { type PrivateRedis, redisServerAvailable, startPrivateRedis } from './support/private-redis';
import { ReportFixtures } from './support/report-fixtures';
import { type RunningServer, runCli, startServer } from './support/server';

const available = redisServerAvailable();
if (!available) console.warn('The two-instance tests are skipped: they start a redis-server of their own, and none is on the PATH.');

/** Small enough to reach in a few requests; one token comes back every 6 s. */
const LIMIT = 10;
const DELIVERIES = { startedAt: '2026-03-10', endedAt: '2026-03-10' };
const sleep = (ms: number) => new Promise((tick) => setTimeout(tick, ms));

(available ? describe : describe.skip)('two instances on one database behave as one service (issue 9)', () => {
  let database: TestDatabase;
  let sql: Pool;
  let fixtures: Fixtures;
  let redis: PrivateRedis;
  // a and b share the Redis; c and d have none, and hear revocations through NOTIFY.
  let a: RunningServer;
  let b: RunningServer;
  let c: RunningServer;
  let d: RunningServer;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createMigratedTestDatabase(), startPrivateRedis()]);
    sql = new Pool({ connectionString: database.url, max: 4 });
    sql.on('error', () => undefined);
    fixtures = new Fixtures(sql);
    const env = { DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    const started = await Promise.allSettled([
      startServer({ ...env, REDIS_URL: redis.url }),
      startServer({ ...env, REDIS_URL: redis.url }),
      startServer(env),
      startServer(env),
    ]);
    // Kept even when one failed to start, so that afterAll stops the others.
    [a, b, c, d] = started.map((result) => (result.status === 'fulfilled' ? result.value : (undefined as unknown as RunningServer)));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b, c, d].map((server) => server?.stop()));
    await redis?.stop();
    await sql?.end();
    await database?.drop();
  }, 60_000);

  const list = (server: RunningServer, client: Credentials) => request(server.baseUrl).get('/v1/webhooks').set(client.headers);

  /** Asks every server until each answers 401; the milliseconds each took from `since`. */
  async function untilRefused(servers: RunningServer[], client: Credentials, since: number): Promise<number[]> {
    return Promise.all(
      servers.map(async (server) => {
        for (;;) {
          const status = (await list(server, client)).status;
          if (status === 401) return Date.now() - since;
          // Still accepted: 429 comes after authentication (contract section 2), so the credential passed.
          expect([200, 429]).toContain(status);
          if (Date.now() - since > 5_000) return Infinity;
          await sleep(20);
        }
      }),
    );
  }

  it('a verified credential is answered from memory: a revocation written without an announcement is not seen at once (no database round trip per request)', async () => {
    const client = await fixtures.account();
    expect((await list(a, client)).status).toBe(200);
    await sql.query(`UPDATE client_accounts SET revoked_at = now() WHERE id = $1`, [client.accountId]);
    expect((await list(a, client)).status).toBe(200);
    // An instance that never verified it asks the database.
    expect((await list(b, client)).status).toBe(401);
  });

  it('with REDIS_URL the rate limit is one bucket for both instances: 10 a minute allows 10 requests in all, not 10 on each', async () => {
    const client = await fixtures.account();
    const statuses: Record<string, number[]> = { a: [], b: [] };
    for (let i = 0; i < 2 * LIMIT; i += 1) {
      const [name, server] = i % 2 === 0 ? ['a', a] : ['b', b];
      const res = await list(server, client);
      statuses[name].push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const allowed = [...statuses.a, ...statuses.b].filter((status) => status === 200).length;
    // Within the second this takes, at most one more token comes back.
    expect(allowed).toBeGreaterThanOrEqual(LIMIT);
    expect(allowed).toBeLessThanOrEqual(LIMIT + 1);
    expect(statuses.a).toContain(429);
    expect(statuses.b).toContain(429);
    expect([...statuses.a, ...statuses.b].filter((status) => status !== 200 && status !== 429)).toEqual([]);
  });

  it('a cached listing written by one instance is read by the other (the cache is in the shared Redis)', async () => {
    const client = await fixtures.account();
    const reports = new ReportFixtures(sql);
    const chain = await reports.chain(client.accountId);
    await reports.stop(chain);
    const deliveries = (server: RunningServer) => request(server.baseUrl).get('/v1/deliveries/results').set(client.headers).query(DELIVERIES);
    expect((await deliveries(a)).body.total).toBe(1);
    await reports.stop(chain);
    const fromB = await deliveries(b);
    expect(fromB.status).toBe(200);
    expect(fromB.body.total).toBe(1);
    // Control: an instance with a cache of its own reads the database, which has both rows.
    expect((await deliveries(c)).body.total).toBe(2);
  });

  /** Both servers verify a fresh credential, the CLI revokes it: the ms each took to refuse it after. */
  async function revokeWhileCached(servers: RunningServer[], cliEnv: Record<string, string>): Promise<number[]> {
    const client = await fixtures.account();
    for (const server of servers) {
      expect((await list(server, client)).status).toBe(200);
      expect((await list(server, client)).status).toBe(200);
    }
    const revoke = await runCli(['clients', 'revoke', client.headers['client-id']], { DATABASE_URL: database.url, ...cliEnv });
    expect(revoke.code).toBe(0);
    return untilRefused(servers, client, Date.now());
  }

  it('with REDIS_URL, `clients revoke` on one is honoured by both instances within a second: 401 where the credential was cached', async () => {
    const took = await revokeWhileCached([a, b], { REDIS_URL: redis.url });
    expect(took.every((ms) => ms < 1000)).toBe(true);
  }, 30_000);

  it('without Redis, `clients revoke` is heard through NOTIFY: both instances answer 401 within a second', async () => {
    const took = await revokeWhileCached([c, d], {});
    expect(took.every((ms) => ms < 1000)).toBe(true);
  }, 30_000);

  it('Redis stopped: both instances keep answering, no 5xx, each with its own limit of 10', async () => {
    const client = await fixtures.account();
    await redis.stop();
    const statuses = async (server: RunningServer) => {
      const answers: number[] = [];
      for (let i = 0; i < LIMIT + 3; i += 1) answers.push((await list(server, client)).status);
      return answers;
    };
    const fromA = await statuses(a);
    const fromB = await statuses(b);
    for (const answers of [fromA, fromB]) {
      expect(answers.filter((status) => status >= 500)).toEqual([]);
      expect(answers.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
      expect(answers.slice(LIMIT)).toEqual([429, 429, 429]);
    }
    // The listings still answer, from the database.
    const listing = await request(b.baseUrl).get('/v1/deliveries/results').set((await fixtures.account()).headers).query(DELIVERIES);
    expect(listing.status).toBe(200);
  });
});
