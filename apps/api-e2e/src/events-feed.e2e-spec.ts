import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Catalog, Credentials } from './support/fixtures';
import { PEPPER, runCli } from './support/server';

interface FeedItem {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

describe('GET /v1/events: the events feed (contract section 7)', () => {
  const env = useE2eEnvironment();
  let client: Credentials;
  let catalog: Catalog;
  let other: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
    catalog = await env.fixtures.catalog(client.accountId);
    other = await env.fixtures.account('Other account');
  });

  const feed = (query: Record<string, string | number> | string = {}, as: Credentials = client) =>
    request(env.server.baseUrl).get('/v1/events').set(as.headers).query(query);

  const createDemand = (as: Credentials, missionMainId: string) =>
    request(env.server.baseUrl)
      .post('/v1/missions/demands')
      .set(as.headers)
      .set('Content-Type', 'application/json')
      .send({ missionMainId, datePicked: '2026-12-01', participants: 2 });

  /** Every event of an account through the feed, `limit` at a time. */
  async function readAll(as: Credentials, limit: number, extra: Record<string, string> = {}): Promise<FeedItem[]> {
    const seen: FeedItem[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await feed({ ...extra, limit, ...(after ? { after } : {}) }, as);
      expect(res.status).toBe(200);
      seen.push(...res.body.data);
      if (!res.body.hasMore) return seen;
      after = res.body.data[res.body.data.length - 1].id;
    }
  }

  const positions = async (accountId: string) =>
    (await env.sql.query(`SELECT id FROM events WHERE client_account_id = $1 ORDER BY position`, [accountId])).rows.map((row) => row.id);

  it('answers the account’s events oldest first after the cursor, as `{"data", "hasMore"}`, each `{id, type, timestamp, data}`', async () => {
    for (let i = 0; i < 3; i += 1) expect((await createDemand(client, catalog.plainMission)).status).toBe(201);
    const first = await feed({ limit: 2 });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(Object.keys(first.body)).toEqual(['data', 'hasMore']);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.data).toHaveLength(2);
    for (const item of first.body.data as FeedItem[]) {
      expect(Object.keys(item)).toEqual(['id', 'type', 'timestamp', 'data']);
      expect(item).toMatchObject({ type: 'demand.created', timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
    }
    const rest = await feed({ after: first.body.data[1].id });
    expect(rest.body).toEqual({ data: [expect.objectContaining({ type: 'demand.created' })], hasMore: false });
    expect([...first.body.data, ...rest.body.data].map((item: FeedItem) => item.id)).toEqual(await positions(client.accountId));
  });

  it('the demand.created event names the demand, its main mission and each mission’s MB key, date and places', async () => {
    const created = await createDemand(client, catalog.plainMission);
    const demandId = created.headers['location'].split('/').pop();
    const demand = (await request(env.server.baseUrl).get(created.headers['location']).set(client.headers)).body;
    const events = await readAll(client, 100, { types: 'demand.created' });
    expect(events.at(-1)?.data).toEqual({
      demandId,
      missionMainId: catalog.plainMission,
      missions: demand.missions.map((m: { mbKey: string; storeId: number | null; missionDate: string; places: number }) => ({
        mbKey: m.mbKey,
        storeId: m.storeId,
        missionDate: m.missionDate,
        places: m.places,
      })),
    });
  });

  it('participant transitions and register reviews made with the CLI appear, one per transition, with the SLA and the duration', async () => {
    const account = await env.fixtures.account('CLI account');
    const mine = await env.fixtures.catalog(account.accountId);
    const workforce = await request(env.server.baseUrl)
      .post('/v1/missions/demands')
      .set(account.headers)
      .set('Content-Type', 'application/json')
      .send({ missionMainId: mine.workforceNoFormMission, datePicked: '2026-12-01', participants: 1, shifts: ['2026-12-01-08:00-17:00-0'] });
    expect(workforce.status).toBe(201);
    const [{ mb_key: mbKey }] = (await env.sql.query(`SELECT mb_key FROM missions WHERE client_account_id = $1`, [account.accountId])).rows;
    const cli = async (...args: string[]) => {
      const run = await runCli([...args, '--client-id', account.headers['client-id']], { DATABASE_URL: env.databaseUrl, CREDENTIALS_PEPPER: PEPPER });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(run.stdout);
    };
    const { muKey } = await cli('missions', 'accept', mbKey, '--user-name', 'Ana');
    await cli('participants', 'check-in', muKey, '--at', '2026-12-01T08:20:00-03:00');
    await cli('participants', 'check-out', muKey, '--complete', '--at', '2026-12-01T17:05:30-03:00');
    await cli('registers', 'submit', muKey, '--identifier', 'REG-7');
    await cli('registers', 'approve', muKey);

    const events = await readAll(account, 2);
    expect(events.map((event) => event.type)).toEqual([
      'demand.created',
      'participant.status_changed',
      'participant.status_changed',
      'register.submitted',
      'register.reviewed',
    ]);
    expect(events[1]).toMatchObject({
      timestamp: '2026-12-01T11:20:00.000Z',
      data: { muKey, mbKey, from: 0, fromName: 'WAITING', to: 1, toName: 'STARTED', at: '2026-12-01T11:20:00.000Z', isSla: false },
    });
    expect(events[2].data).toMatchObject({ from: 1, to: 2, toName: 'FINISHED', at: '2026-12-01T20:05:30.000Z', storeDuration: '08:45:30' });
    expect(events[3].data).toMatchObject({ muKey, mbKey, identifier: 'REG-7', status: 'PENDING' });
    expect(events[4].data).toMatchObject({ muKey, mbKey, identifier: 'REG-7', status: 'APPROVED' });
    expect((await readAll(account, 100, { types: 'register.submitted,register.reviewed' })).map((e) => e.type)).toEqual([
      'register.submitted',
      'register.reviewed',
    ]);
  }, 60_000);

  it('cursor paging returns every event once, in commit order, while demands are being created at once', async () => {
    const account = await env.fixtures.account('Busy account');
    const mine = await env.fixtures.catalog(account.accountId);
    const seen: FeedItem[] = [];
    let after: string | undefined;
    let done = false;
    const writers = Promise.all(Array.from({ length: 24 }, () => createDemand(account, mine.plainMission))).then((all) => {
      done = true;
      return all;
    });
    for (let last = false; !last; ) {
      last = done;
      const res = await feed({ limit: 3, ...(after ? { after } : {}) }, account);
      seen.push(...res.body.data);
      if (res.body.data.length > 0) after = res.body.data[res.body.data.length - 1].id;
      if (res.body.hasMore) last = false;
    }
    expect((await writers).every((res) => res.status === 201)).toBe(true);
    expect(seen.map((item) => item.id)).toEqual(await positions(account.accountId));
    expect(seen).toHaveLength(24);
  });

  it("another account's events never appear, and its event id as a cursor is refused like an unknown one", async () => {
    const theirs = await env.fixtures.catalog(other.accountId);
    expect((await createDemand(other, theirs.plainMission)).status).toBe(201);
    const [foreign] = await positions(other.accountId);
    const mine = (await readAll(client, 100)).map((item) => item.id);
    expect(mine).not.toContain(foreign);
    expect(mine).toEqual(await positions(client.accountId));
    for (const after of [foreign, '0190a7c4-0000-7000-8000-000000000000']) {
      const res = await feed({ after });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error: 'Invalid query params' } });
    }
  });

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['limit=1.5'],
    ['limit=abc'],
    ['limit='],
    ['after=not-a-uuid'],
    ['types=demand.created,unknown.type'],
    ['types='],
    ['types=demand.created,'],
    ['limit=1&limit=2'],
    ['types=pdv.done&types=demand.created'],
    ['cursor=x'],
  ])('%s is 400 Invalid query params (contract section 3)', async (query) => {
    const res = await feed(query);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error: 'Invalid query params' } });
  });

  it('limit 1 and 100 are accepted; no credentials is 401 before anything', async () => {
    expect((await feed({ limit: 1 })).status).toBe(200);
    expect((await feed({ limit: 100 })).status).toBe(200);
    const res = await request(env.server.baseUrl).get('/v1/events?limit=0');
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { error: 'Client ID ou Client Secret inválido ou ausente.' } });
  });
});
