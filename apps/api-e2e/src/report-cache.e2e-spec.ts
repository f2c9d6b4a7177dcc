import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { freePort } from './support/free-port';
import type { Credentials } from './support/fixtures';
import { type Chain, ReportFixtures } from './support/report-fixtures';
import { type RunningServer, startServer } from './support/server';

const REDIS_URL = process.env['TEST_REDIS_URL'];
const DELIVERIES = { startedAt: '2026-03-10', endedAt: '2026-03-10' };

describe('the 1-hour cache of form answers and collections-and-deliveries (contract section 4)', () => {
  const env = useE2eEnvironment();
  let fixtures: ReportFixtures;

  beforeAll(() => {
    fixtures = new ReportFixtures(env.sql);
  });

  async function accountWithStops(count: number): Promise<{ client: Credentials; chain: Chain }> {
    const client = await env.fixtures.account();
    const chain = await fixtures.chain(client.accountId);
    for (let i = 0; i < count; i += 1) await fixtures.stop(chain);
    return { client, chain };
  }

  const deliveries = (server: RunningServer, client: Credentials, query: Record<string, string> = DELIVERIES) =>
    request(server.baseUrl).get('/v1/deliveries/results').set(client.headers).query(query);

  it('a second identical request within the hour is served from the cache, even after the rows change', async () => {
    const { client, chain } = await accountWithStops(2);
    const first = await deliveries(env.server, client);
    expect(first.body.total).toBe(2);
    expect(first.headers['cache-control']).toBe('private, max-age=3600');
    await fixtures.stop(chain);
    const second = await deliveries(env.server, client);
    expect(second.body).toEqual(first.body);
    expect(second.headers['cache-control']).toMatch(/^private, max-age=(3600|359\d)$/);
  });

  it('parameter order and defaults do not split the cache', async () => {
    const { client, chain } = await accountWithStops(1);
    await deliveries(env.server, client, { endedAt: '2026-03-10', startedAt: '2026-03-10' });
    await fixtures.stop(chain);
    const withDefaults = await deliveries(env.server, client, { ...DELIVERIES, page: '1', itemsPerPage: '10' });
    expect(withDefaults.body.total).toBe(1);
    const otherPageSize = await deliveries(env.server, client, { ...DELIVERIES, itemsPerPage: '11' });
    expect(otherPageSize.body.total).toBe(2);
  });

  it('another client account’s identical request is not served from the first one’s cache', async () => {
    const one = await accountWithStops(1);
    const two = await accountWithStops(3);
    expect((await deliveries(env.server, one.client)).body.total).toBe(1);
    expect((await deliveries(env.server, two.client)).body.total).toBe(3);
  });

  it('form answers are cached too', async () => {
    const client = await env.fixtures.account();
    const chain = await fixtures.chain(client.accountId);
    const register = await fixtures.register(chain);
    const formId = await fixtures.form(client.accountId);
    await fixtures.answers(chain, register, formId, '2026-03-10T12:00:00Z', [['Q1?', 'A']]);
    const query = { initialDate: '2026-03-10', finalDate: '2026-03-11', page: '1', formId: String(formId) };
    const get = () => request(env.server.baseUrl).get('/v1/forms-data/customers').set(client.headers).query(query);
    const first = await get();
    expect(first.body.total).toBe(1);
    expect(first.headers['cache-control']).toBe('private, max-age=3600');
    await fixtures.answers(chain, register, formId, '2026-03-10T13:00:00Z', [['Q1?', 'B']]);
    expect((await get()).body.total).toBe(1);
  });

  it('listings that are not cached see changes at once', async () => {
    const client = await env.fixtures.account();
    const get = () => request(env.server.baseUrl).get('/v1/missions-users/workforce/reports').set(client.headers);
    expect((await get()).body.total).toBe(0);
    await fixtures.chain(client.accountId, { flags: { check_in_check_out: true } });
    expect((await get()).body.total).toBe(1);
    expect((await get()).headers['cache-control']).toBe('no-store');
  });

  it('with Redis unreachable the listing still answers 200 from the database, and the failure is logged', async () => {
    const server = await startServer({ DATABASE_URL: env.databaseUrl, REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const { client, chain } = await accountWithStops(1);
      const first = await deliveries(server, client);
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(1);
      await fixtures.stop(chain);
      expect((await deliveries(server, client)).body.total).toBe(2);
      const logged = await server.waitForLog((entry) => entry['context'] === 'ResultCache');
      expect(logged['level']).toBeGreaterThanOrEqual(40);
      expect(server.output()).not.toContain(client.headers['client-secret']);
    } finally {
      await server.stop();
    }
  });

  (REDIS_URL ? describe : describe.skip)('with Redis (TEST_REDIS_URL)', () => {
    let first: RunningServer;
    let second: RunningServer;

    beforeAll(async () => {
      [first, second] = await Promise.all([
        startServer({ DATABASE_URL: env.databaseUrl, REDIS_URL: REDIS_URL as string }),
        startServer({ DATABASE_URL: env.databaseUrl, REDIS_URL: REDIS_URL as string }),
      ]);
    });

    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
    });

    it('one instance’s cached listing is served by another instance sharing the Redis', async () => {
      const { client, chain } = await accountWithStops(2);
      expect((await deliveries(first, client)).body.total).toBe(2);
      await fixtures.stop(chain);
      const fromOther = await deliveries(second, client);
      expect(fromOther.body.total).toBe(2);
      expect(fromOther.headers['cache-control']).toMatch(/^private, max-age=(3600|359\d)$/);
    });

    it('the Redis cache is kept per client account', async () => {
      const one = await accountWithStops(1);
      const two = await accountWithStops(2);
      expect((await deliveries(first, one.client)).body.total).toBe(1);
      expect((await deliveries(second, two.client)).body.total).toBe(2);
    });
  });
});
