import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Catalog, Credentials } from './support/fixtures';

const EVENTS_MESSAGE =
  'events must be ["*"] or a non-empty list of distinct event types: demand.created, participant.status_changed, register.submitted, register.reviewed, pdv.done, delivery.finished';

async function expectError(res: request.Response, status: number, error: string | RegExp) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error: expect.stringMatching(error) } });
}

describe('webhooks per client account (contract section 7), loopback receivers allowed (WEBHOOKS_ALLOW_HTTP=true)', () => {
  const env = useE2eEnvironment({ WEBHOOKS_ALLOW_HTTP: 'true' });
  let client: Credentials;
  let catalog: Catalog;
  let other: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
    catalog = await env.fixtures.catalog(client.accountId);
    other = await env.fixtures.account('Other account');
  });

  const http = () => request(env.server.baseUrl);
  const add = (body: unknown, as: Credentials = client) =>
    http().post('/v1/webhooks').set(as.headers).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const list = (as: Credentials = client) => http().get('/v1/webhooks').set(as.headers);
  const remove = (id: string, as: Credentials = client) => http().delete(`/v1/webhooks/${id}`).set(as.headers);
  const deliveries = (id: string, query: Record<string, unknown> = {}, as: Credentials = client) =>
    http().get(`/v1/webhooks/${id}/deliveries`).set(as.headers).query(query);
  const redeliver = (id: string, body: unknown, as: Credentials = client) =>
    http().post(`/v1/webhooks/${id}/deliveries`).set(as.headers).set('Content-Type', 'application/json').send(JSON.stringify(body));
  const createDemand = (as: Credentials, missionMainId: string) =>
    http().post('/v1/missions/demands').set(as.headers).set('Content-Type', 'application/json').send({ missionMainId, datePicked: '2026-12-01', participants: 1 });

  async function freshAccount() {
    const account = await env.fixtures.account();
    return { account, catalog: await env.fixtures.catalog(account.accountId) };
  }

  describe('POST /v1/webhooks and GET /v1/webhooks', () => {
    it('answers 201 with `{id, url, events, secret, createdAt}`; the secret is shown there only, and never cached', async () => {
      const res = await add({ url: 'http://127.0.0.1:4000/hooks' });
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(Object.keys(res.body)).toEqual(['id', 'url', 'events', 'secret', 'createdAt']);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: 'http://127.0.0.1:4000/hooks',
        events: ['*'],
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
        createdAt: expect.stringMatching(/Z$/),
      });
      const listed = await list();
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ data: [{ id: res.body.id, url: res.body.url, events: ['*'], createdAt: res.body.createdAt }] });
      expect(listed.text).not.toContain(res.body.secret);
      const { rows } = await env.sql.query('SELECT secret_sealed FROM webhook_endpoints WHERE id = $1', [res.body.id]);
      expect(rows[0].secret_sealed).not.toContain(res.body.secret.slice(6));
      expect(await remove(res.body.id)).toMatchObject({ status: 204 });
    });

    it('subscribes to the types named, or to every type with `["*"]`', async () => {
      const some = await add({ url: 'http://localhost:4000/a', events: ['pdv.done', 'delivery.finished'] });
      const every = await add({ url: 'http://localhost:4000/b', events: ['*'] });
      expect([some.status, some.body.events]).toEqual([201, ['pdv.done', 'delivery.finished']]);
      expect([every.status, every.body.events]).toEqual([201, ['*']]);
      for (const id of [some.body.id, every.body.id]) await remove(id);
    });

    it.each([
      [undefined, 400, /^url is required$/],
      [{}, 400, /^url is required$/],
      [{ url: null }, 400, /^url is required$/],
      [[], 400, /^Request body must be a JSON object$/],
      [{ url: 42 }, 400, /^url must be a string$/],
      [{ url: 'http://127.0.0.1:4000/', secret: 'mine' }, 400, /^Unknown field: secret$/],
      [{ url: 'http://127.0.0.1:4000/', events: 'pdv.done' }, 400, new RegExp(`^${EVENTS_MESSAGE.replace(/[[\]*.]/g, '\\$&')}$`)],
      [{ url: 'http://127.0.0.1:4000/', events: [] }, 400, /^events must be/],
      [{ url: 'http://127.0.0.1:4000/', events: ['pdv.done', 'pdv.done'] }, 400, /^events must be/],
      [{ url: 'http://127.0.0.1:4000/', events: ['order.paid'] }, 400, /^events must be/],
      [{ url: 'not a url' }, 400, /^url must be an absolute URL of at most 2048 characters$/],
      [{ url: 'ftp://127.0.0.1/' }, 400, /^url must be an https: URL, or http: to a loopback address$/],
    ])('refuses %j with %i', async (body, status, message) => {
      const res =
        body === undefined ? await http().post('/v1/webhooks').set(client.headers).set('Content-Type', 'application/json') : await add(body);
      await expectError(res, status, message);
    });

    it.each([
      ['http://10.0.0.8/hooks', /^url with http: must point to a loopback address; 10.0.0.8 is 10.0.0.8$/],
      ['http://93.184.215.14/hooks', /^url with http: must point to a loopback address/],
      ['https://169.254.169.254/latest/meta-data', /^url must point to a public address; 169.254.169.254 is 169.254.169.254/],
      ['https://192.168.1.1/hooks', /^url must point to a public address/],
      ['https://100.64.0.1/hooks', /^url must point to a public address/],
      ['https://[fd00::1]/hooks', /^url must point to a public address; fd00::1/],
      ['https://[fe80::1]/hooks', /^url must point to a public address; fe80::1/],
      ['https://224.0.0.1/hooks', /^url must point to a public address/],
      ['https://user:secret@localhost/hooks', /^url must not carry a user name or password$/],
      ['https://no-such-host.invalid/hooks', /^url host no-such-host.invalid does not resolve$/],
    ])('SSRF: refuses %s, even with loopback allowed', async (url, message) => {
      await expectError(await add({ url }), 400, message);
    });

    it('"at most 10 endpoints per account": the 11th is 422, another account is not affected, and a removal frees a place', async () => {
      const { account } = await freshAccount();
      const ids: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await add({ url: `http://127.0.0.1:4000/${i}` }, account);
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      await expectError(await add({ url: 'http://127.0.0.1:4000/11' }, account), 422, /^An account may have at most 10 webhooks$/);
      expect((await add({ url: 'http://127.0.0.1:4000/other' }, other)).status).toBe(201);
      expect((await list(account)).body.data).toHaveLength(10);
      expect((await remove(ids[0], account)).status).toBe(204);
      expect((await add({ url: 'http://127.0.0.1:4000/11' }, account)).status).toBe(201);
    });
  });

  describe('deliveries', () => {
    it('each event makes a pending delivery to each subscribed endpoint, listed newest first with event id, type, attempt, status code and next attempt', async () => {
      const { account, catalog: mine } = await freshAccount();
      const hook = (await add({ url: 'http://127.0.0.1:4000/all' }, account)).body;
      const pdvOnly = (await add({ url: 'http://127.0.0.1:4000/pdv', events: ['pdv.done'] }, account)).body;
      for (let i = 0; i < 3; i += 1) expect((await createDemand(account, mine.plainMission)).status).toBe(201);
      const feed = (await http().get('/v1/events').set(account.headers)).body.data.map((event: { id: string }) => event.id);

      const first = await deliveries(hook.id, { itemsPerPage: 2 }, account);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        total: 3,
        page: 1,
        itemsPerPage: 2,
        data: [feed[2], feed[1]].map((eventId) => ({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          eventId,
          type: 'demand.created',
          status: 'PENDING',
          attempt: 0,
          statusCode: null,
          nextAttemptAt: expect.stringMatching(/Z$/),
          lastAttemptAt: null,
          createdAt: expect.stringMatching(/Z$/),
        })),
      });
      expect((await deliveries(hook.id, { page: 2, itemsPerPage: 2 }, account)).body.data.map((d: { eventId: string }) => d.eventId)).toEqual([feed[0]]);
      expect((await deliveries(pdvOnly.id, {}, account)).body).toEqual({ total: 0, page: 1, itemsPerPage: 10, data: [] });
    });

    it('"deleting stops deliveries": a removed endpoint has no pending delivery left, gets none for new events, and is gone', async () => {
      const { account, catalog: mine } = await freshAccount();
      const removed = (await add({ url: 'http://127.0.0.1:4000/removed' }, account)).body;
      const kept = (await add({ url: 'http://127.0.0.1:4000/kept' }, account)).body;
      expect((await createDemand(account, mine.plainMission)).status).toBe(201);
      expect((await deliveries(removed.id, {}, account)).body.total).toBe(1);

      const res = await remove(removed.id, account);
      expect({ status: res.status, text: res.text }).toEqual({ status: 204, text: '' });
      expect((await createDemand(account, mine.plainMission)).status).toBe(201);

      const { rows } = await env.sql.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [removed.id]);
      expect(rows[0].n).toBe(0);
      await expectError(await deliveries(removed.id, {}, account), 404, /^Not found$/);
      await expectError(await remove(removed.id, account), 404, /^Not found$/);
      expect((await list(account)).body.data.map((w: { id: string }) => w.id)).toEqual([kept.id]);
      expect((await deliveries(kept.id, {}, account)).body.total).toBe(2);
    });

    it('a redelivery is a new pending delivery of an event of the account', async () => {
      const { account, catalog: mine } = await freshAccount();
      const hook = (await add({ url: 'http://127.0.0.1:4000/again', events: ['pdv.done'] }, account)).body;
      expect((await createDemand(account, mine.plainMission)).status).toBe(201);
      const [event] = (await http().get('/v1/events').set(account.headers)).body.data;

      const res = await redeliver(hook.id, { eventId: event.id }, account);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ eventId: event.id, type: 'demand.created', status: 'PENDING', attempt: 0, statusCode: null });
      expect((await deliveries(hook.id, {}, account)).body.data).toEqual([res.body]);

      await env.fixtures.catalog(other.accountId).then((theirs) => createDemand(other, theirs.plainMission));
      const [foreign] = (await http().get('/v1/events').set(other.headers)).body.data;
      for (const eventId of [foreign.id, randomUUID()]) {
        await expectError(await redeliver(hook.id, { eventId }, account), 422, /^eventId does not name an event of this account$/);
      }
      await expectError(await redeliver(hook.id, { eventId: 'nope' }, account), 400, /^eventId must be a UUID$/);
      await expectError(await redeliver(hook.id, {}, account), 400, /^eventId is required$/);
      await expectError(await redeliver(hook.id, { eventId: event.id, at: 'now' }, account), 400, /^Unknown field: at$/);
    });
  });

  it("another account's webhook id is 404 Not found, exactly like an unknown or malformed one", async () => {
    const mine = (await add({ url: 'http://127.0.0.1:4000/mine' })).body;
    await createDemand(client, catalog.plainMission);
    const [event] = (await http().get('/v1/events').set(client.headers)).body.data;
    for (const id of [mine.id, randomUUID(), 'not-a-uuid']) {
      const as = id === mine.id ? other : client;
      await expectError(await remove(id, as), 404, /^Not found$/);
      await expectError(await deliveries(id, {}, as), 404, /^Not found$/);
      await expectError(await redeliver(id, { eventId: event.id }, as), 404, /^Not found$/);
    }
    expect((await list(other)).body.data.map((w: { id: string }) => w.id)).not.toContain(mine.id);
    expect((await deliveries(mine.id)).status).toBe(200);
  });

  it('401 before anything; unknown or repeated query parameters are 400 Invalid query params', async () => {
    const res = await http().post('/v1/webhooks').set('Content-Type', 'application/json').send('{"url":"x"}');
    await expectError(res, 401, /^Client ID ou Client Secret inválido ou ausente\.$/);
    const hook = (await add({ url: 'http://127.0.0.1:4000/q' })).body;
    for (const answer of [
      await http().get('/v1/webhooks?page=1').set(client.headers),
      await http().delete(`/v1/webhooks/${hook.id}?force=true`).set(client.headers),
      await deliveries(hook.id, { itemsPerPage: 51 }),
      await deliveries(hook.id, { page: 0 }),
      await deliveries(hook.id, { status: 'PENDING' }),
      await http().get(`/v1/webhooks/${hook.id}/deliveries?page=1&page=2`).set(client.headers),
    ]) {
      await expectError(answer, 400, /^Invalid query params$/);
    }
  });
});

describe('webhooks with WEBHOOKS_ALLOW_HTTP unset: https: to public addresses only', () => {
  const env = useE2eEnvironment();
  let client: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
  });

  it.each([
    ['http://127.0.0.1:4000/hooks', /^url must be an https: URL$/],
    ['https://127.0.0.1/hooks', /^url must point to a public address; 127.0.0.1 is 127.0.0.1/],
    ['https://localhost/hooks', /^url must point to a public address; localhost is/],
    ['https://[::1]/hooks', /^url must point to a public address; ::1 is ::1/],
    ['https://10.1.2.3/hooks', /^url must point to a public address/],
  ])('refuses %s', async (url, message) => {
    const res = await request(env.server.baseUrl).post('/v1/webhooks').set(client.headers).set('Content-Type', 'application/json').send({ url });
    await expectError(res, 400, message);
  });

  it('accepts https: to a public address', async () => {
    const res = await request(env.server.baseUrl).post('/v1/webhooks').set(client.headers).set('Content-Type', 'application/json').send({ url: 'https://93.184.215.14/hooks' });
    expect([res.status, res.body.url]).toEqual([201, 'https://93.184.215.14/hooks']);
  });
});
