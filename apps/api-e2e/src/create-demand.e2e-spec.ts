import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Catalog, Credentials } from './support/fixtures';

const REQUIRED_MESSAGE = 'missionMainId, datePicked and participants are required';
const NOT_STORABLE = /^custom_fields must not contain NUL characters or unpaired surrogates$/;

/** JSON text of an object `levels` deep: arrays inside `{"next": ...}`. */
const nestedJson = (levels: number) => `{"next":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
const nested = (levels: number): unknown => JSON.parse(nestedJson(levels));

describe('POST /v1/missions/demands (contract section 5)', () => {
  const env = useE2eEnvironment();
  let client: Credentials;
  let catalog: Catalog;
  let other: Credentials;
  let otherCatalog: Catalog;

  beforeAll(async () => {
    client = await env.fixtures.account();
    catalog = await env.fixtures.catalog(client.accountId);
    other = await env.fixtures.account('Other account');
    otherCatalog = await env.fixtures.catalog(other.accountId);
  });

  const post = (body: unknown, as: Credentials = client) =>
    request(env.server.baseUrl).post('/v1/missions/demands').set(as.headers).set('Content-Type', 'application/json').send(JSON.stringify(body));

  const plainDemand = () => ({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 2 });
  const workforceDemand = () => ({
    missionMainId: catalog.workforceMission,
    datePicked: '2026-12-01',
    scheduledAt: '2026-12-01T08:00:00-03:00',
    participants: 3,
    storesIds: catalog.workforceStores,
    shifts: ['2026-12-01-08:00-17:00-0', '2026-12-01-22:00-06:00-1'],
    formId: catalog.formId,
    formPdvId: catalog.formPdvId,
    custom_fields: { fields: [{ field: 'uniform', value: 'azul' }] },
  });

  async function expectError(res: request.Response, status: number, error: string | RegExp) {
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { error: expect.stringMatching(error) } });
    expect(Object.keys(res.body)).toEqual(['error']);
  }

  describe('400: the three required fields', () => {
    it.each(['missionMainId', 'datePicked', 'participants'])('%s missing gives the spec message', async (field) => {
      const body: Record<string, unknown> = plainDemand();
      delete body[field];
      await expectError(await post(body), 400, new RegExp(`^${REQUIRED_MESSAGE}$`));
    });

    it.each(['missionMainId', 'datePicked', 'participants'])('%s null gives the spec message', async (field) => {
      await expectError(await post({ ...plainDemand(), [field]: null }), 400, new RegExp(`^${REQUIRED_MESSAGE}$`));
    });

    it('an empty object gives the spec message', async () => {
      await expectError(await post({}), 400, new RegExp(`^${REQUIRED_MESSAGE}$`));
    });
  });

  describe('400: formats', () => {
    it.each([
      ['missionMainId not a UUID', { missionMainId: 'abc' }, /^missionMainId must be a UUID$/],
      ['datePicked not a calendar date', { datePicked: '2026-02-30' }, /^datePicked must be a calendar date/],
      ['datePicked in another format', { datePicked: '01/12/2026' }, /^datePicked must be a calendar date/],
      ['scheduledAt without offset', { scheduledAt: '2026-12-01T08:00:00' }, /^scheduledAt must be an ISO 8601 date-time with offset$/],
      ['participants zero', { participants: 0 }, /^participants must be an integer from 1 to 10000$/],
      ['participants over 10000', { participants: 10001 }, /^participants must be an integer from 1 to 10000$/],
      ['participants a string', { participants: '2' }, /^participants must be an integer/],
      ['participants fractional', { participants: 1.5 }, /^participants must be an integer/],
      ['storesIds not an array', { storesIds: 5 }, /^storesIds must be an array/],
      ['storesIds with a negative id', { storesIds: [1, -2] }, /^storesIds must hold positive integers$/],
      ['storesIds with a repeated id', { storesIds: [1, 1] }, /^storesIds must not repeat a store$/],
      ['storesIds over 1000 items', { storesIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, /^storesIds must be an array of at most 1000/],
      ['shifts not an array', { shifts: '2026-12-01-08:00-17:00-0' }, /^shifts must be an array/],
      ['a shift on 2026-02-30', { shifts: ['2026-02-30-08:00-17:00-0'] }, /^Invalid shift "2026-02-30-08:00-17:00-0"/],
      ['a shift at 24:00', { shifts: ['2026-12-01-24:00-17:00-0'] }, /^Invalid shift/],
      ['a shift with one-digit hour', { shifts: ['2026-12-01-8:00-17:00-0'] }, /^Invalid shift/],
      ['a shift with a negative index', { shifts: ['2026-12-01-08:00-17:00--1'] }, /^Invalid shift/],
      ['a shift missing its index', { shifts: ['2026-12-01-08:00-17:00'] }, /^Invalid shift/],
      ['a shift that starts when it ends', { shifts: ['2026-12-01-08:00-08:00-0'] }, /^Invalid shift/],
      ['two shifts sharing day and index', { shifts: ['2026-12-01-08:00-12:00-0', '2026-12-01-13:00-17:00-0'] }, /share day 2026-12-01 and index 0/],
      ['formId not a UUID', { formId: 'form-1' }, /^formId must be a UUID$/],
      ['formPdvId not a UUID', { formPdvId: 42 }, /^formPdvId must be a UUID$/],
      ['custom_fields an array', { custom_fields: [{ field: 'a', value: 'b' }] }, /^custom_fields must be a JSON object of at most 64 KiB$/],
      ['custom_fields null', { custom_fields: null }, /^custom_fields must be a JSON object/],
      ['custom_fields a string', { custom_fields: 'text' }, /^custom_fields must be a JSON object/],
      ['custom_fields over 64 KiB', { custom_fields: { big: 'x'.repeat(65 * 1024) } }, /^custom_fields must be a JSON object of at most 64 KiB$/],
      ['custom_fields nested 40 levels', { custom_fields: nested(40) }, /^custom_fields must not nest deeper than 32 levels$/],
      ['custom_fields with a NUL in a value', { custom_fields: { a: 'x\u0000' } }, NOT_STORABLE],
      ['custom_fields with a NUL in a key', { custom_fields: { 'x\u0000': 'a' } }, NOT_STORABLE],
      ['custom_fields with an unpaired surrogate', { custom_fields: { fields: [{ value: '\ud800' }] } }, NOT_STORABLE],
      ['storesIds beyond a PostgreSQL integer', { storesIds: [2147483648] }, /^storesIds must hold positive integers$/],
      ['datePicked in year 0', { datePicked: '0000-01-01' }, /^datePicked must be a calendar date/],
      ['scheduledAt in year 0', { scheduledAt: '0000-01-01T00:00:00Z' }, /^scheduledAt must be an ISO 8601 date-time with offset$/],
      ['scheduledAt in year 0 once in UTC', { scheduledAt: '0001-01-01T00:00:00+01:00' }, /^scheduledAt must be an ISO 8601 date-time with offset$/],
      ['an unknown field', { priority: 'high' }, /^Unknown field: priority$/],
    ])('%s', async (_case, change, message) => {
      await expectError(await post({ ...plainDemand(), ...change }), 400, message);
    });

    // 40 KB of text; JSON.stringify (or any recursive walk) of the parsed value overflows the stack.
    it.each([
      ['custom_fields', nestedJson(20_000), /^custom_fields must not nest deeper than 32 levels$/],
      ['shifts', `[${nestedJson(20_000)}]`, /^shifts must hold strings/],
      ['storesIds', `[${nestedJson(20_000)}]`, /^storesIds must hold positive integers$/],
    ])('%s nested 20,000 levels is a 400, not a stack overflow', async (field, json, message) => {
      const res = await request(env.server.baseUrl)
        .post('/v1/missions/demands')
        .set(client.headers)
        .set('Content-Type', 'application/json')
        .send(`${JSON.stringify(plainDemand()).slice(0, -1)},"${field}":${json}}`);
      await expectError(res, 400, message);
    });

    it('invalid JSON is 400 "Invalid JSON body"', async () => {
      const res = await request(env.server.baseUrl)
        .post('/v1/missions/demands')
        .set(client.headers)
        .set('Content-Type', 'application/json')
        .send('{"missionMainId": ');
      await expectError(res, 400, /^Invalid JSON body$/);
    });

    it('a JSON array body is refused', async () => {
      await expectError(await post([plainDemand()]), 400, /^Request body must be a JSON object$/);
    });

    it('another content type is 415', async () => {
      const res = await request(env.server.baseUrl)
        .post('/v1/missions/demands')
        .set(client.headers)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(plainDemand()));
      await expectError(res, 415, /^Content-Type must be application\/json$/);
    });

    it('a body over 1 MiB is 413', async () => {
      const res = await post({ ...plainDemand(), custom_fields: { big: 'x'.repeat(1024 * 1024) } });
      await expectError(res, 413, /^Request body too large$/);
    });

    it('an Idempotency-Key that is not 1..255 visible ASCII characters is 400', async () => {
      const res = await post(plainDemand()).set('Idempotency-Key', 'x'.repeat(256));
      await expectError(res, 400, /^Idempotency-Key must be 1 to 255 visible ASCII characters$/);
    });
  });

  describe('422: business rules, checked against the account’s own data', () => {
    it.each([
      ['missionMainId names no main mission', () => ({ missionMainId: randomUUID() }), /^missionMainId does not name a main mission of this account$/],
      ['missionMainId of another account', () => ({ missionMainId: otherCatalog.plainMission }), /^missionMainId does not name a main mission of this account$/],
      ['formId unknown', () => ({ formId: randomUUID() }), /^formId does not name a form of this account$/],
      ['formId of another account', () => ({ formId: otherCatalog.formId }), /^formId does not name a form of this account$/],
      ['formId naming a point-of-sale form', () => ({ formId: catalog.formPdvId }), /^formId does not name a form of this account$/],
      ['formPdvId of another account', () => ({ formPdvId: otherCatalog.formPdvId }), /^formPdvId does not name a point-of-sale form/],
      ['storesIds unknown', () => ({ storesIds: [999999] }), /^storesIds must name stores of this account; unknown: 999999$/],
      ['storesIds of another account', () => ({ storesIds: [otherCatalog.otherStores[0]] }), /^storesIds must name stores of this account/],
      ['shifts on a subcategory without check_in_check_out', () => ({ shifts: ['2026-12-01-08:00-17:00-0'] }), /check_in_check_out enabled$/],
    ])('%s', async (_case, change, message) => {
      await expectError(await post({ ...plainDemand(), ...change() }), 422, message);
    });

    it('a workforce demand requires at least one shift', async () => {
      const { shifts: _shifts, ...body } = workforceDemand();
      await expectError(await post(body), 422, /^A workforce demand requires at least one shift$/);
    });

    it('every store of a workforce demand must be a workforce store', async () => {
      const body = { ...workforceDemand(), storesIds: [catalog.workforceStores[0], catalog.otherStores[0]] };
      await expectError(await post(body), 422, new RegExp(`not a workforce store: ${catalog.otherStores[0]}$`));
    });

    it('formId is required when the subcategory requires a form', async () => {
      const { formId: _formId, ...body } = workforceDemand();
      await expectError(await post(body), 422, /^formId is required: the mission subcategory requires a form$/);
      const res = await post({ ...body, missionMainId: catalog.workforceNoFormMission });
      expect(res.status).toBe(201);
    });

    it('nothing is written by a refused demand', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      await post({ missionMainId: mine.workforceMission, datePicked: '2026-12-01', participants: 1 }, account);
      expect(await env.fixtures.count('demands', account.accountId)).toBe(0);
      expect(await env.fixtures.count('missions', account.accountId)).toBe(0);
    });
  });

  describe('201: the demand and its missions are stored', () => {
    it('answers 201, application/json, empty body; stores everything the request carried and one mission per store', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      const body = { ...workforceDemand(), missionMainId: mine.workforceMission, storesIds: mine.workforceStores, formId: mine.formId, formPdvId: mine.formPdvId };
      const res = await post(body, account);
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).toBe('');

      const { rows: demands } = await env.sql.query(
        `SELECT main_mission_id, to_char(date_picked, 'YYYY-MM-DD') AS date_picked, scheduled_at, participants, stores_ids, shifts,
                form_id, form_pdv_id, custom_fields FROM demands WHERE client_account_id = $1`,
        [account.accountId],
      );
      expect(demands).toEqual([
        {
          main_mission_id: body.missionMainId,
          date_picked: '2026-12-01',
          scheduled_at: new Date('2026-12-01T11:00:00.000Z'),
          participants: 3,
          stores_ids: body.storesIds,
          shifts: body.shifts,
          form_id: body.formId,
          form_pdv_id: body.formPdvId,
          custom_fields: body.custom_fields,
        },
      ]);
      const { rows: missions } = await env.sql.query(
        `SELECT store_id, mb_key, mission_date, places FROM missions WHERE client_account_id = $1 ORDER BY store_id`,
        [account.accountId],
      );
      expect(missions).toHaveLength(2);
      expect(missions.map((m) => m.store_id)).toEqual([...body.storesIds].sort((a, b) => a - b));
      for (const mission of missions) {
        expect(mission).toMatchObject({ mission_date: new Date('2026-12-01T11:00:00.000Z'), places: 3 });
        expect(mission.mb_key).toMatch(/^MB-[0-9A-HJKMNP-TV-Z]{12}$/);
      }
      expect(new Set(missions.map((m) => m.mb_key)).size).toBe(2);
    });

    // JSON.parse keeps these keys as own properties; an object literal would not.
    it.each(['{"constructor":{"a":1}}', '{"__proto__":{"a":1}}', '{"prototype":[1],"toString":"x"}'])(
      'custom_fields %s is stored exactly as sent',
      async (text) => {
        const account = await env.fixtures.account();
        const mine = await env.fixtures.catalog(account.accountId);
        const res = await post({ missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1, custom_fields: JSON.parse(text) }, account);
        expect(res.status).toBe(201);
        const { rows } = await env.sql.query(`SELECT custom_fields = $2::jsonb AS same FROM demands WHERE client_account_id = $1`, [
          account.accountId,
          text,
        ]);
        expect(rows).toEqual([{ same: true }]);
      },
    );

    it('with no store, one mission dated at the start of datePicked in REPORT_TIME_ZONE', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      expect((await post({ missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 4 }, account)).status).toBe(201);
      const { rows } = await env.sql.query(`SELECT store_id, mission_date, places FROM missions WHERE client_account_id = $1`, [account.accountId]);
      expect(rows).toEqual([{ store_id: null, mission_date: new Date('2026-12-01T03:00:00.000Z'), places: 4 }]);
    });

    it('the DemandCreated event is written to the outbox as demand.created, with the missions’ MB keys, dates and places', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      expect((await post({ missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1 }, account)).status).toBe(201);
      const { rows } = await env.sql.query(`SELECT id, demand_id, mb_key FROM missions WHERE client_account_id = $1`, [account.accountId]);
      const events = await env.sql.query(`SELECT type, data FROM events WHERE client_account_id = $1`, [account.accountId]);
      expect(events.rows).toEqual([
        {
          type: 'demand.created',
          data: {
            demandId: rows[0].demand_id,
            missionMainId: mine.plainMission,
            missions: [{ mbKey: rows[0].mb_key, storeId: null, missionDate: '2026-12-01T03:00:00.000Z', places: 1 }],
          },
        },
      ]);
    });
  });

  describe('atomicity', () => {
    it('a failure after the first insert leaves nothing behind, and answers 500 without internals', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      // A trigger scoped to this account fails the second mission insert, after the demand row is written.
      await env.sql.query(`
        CREATE OR REPLACE FUNCTION fail_second_mission() RETURNS trigger AS $$
        BEGIN
          IF NEW.client_account_id = '${account.accountId}' AND EXISTS (SELECT 1 FROM demands WHERE id = NEW.demand_id) THEN
            RAISE EXCEPTION 'injected failure';
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql;
        CREATE TRIGGER fail_second_mission BEFORE INSERT ON missions FOR EACH ROW EXECUTE FUNCTION fail_second_mission();`);
      try {
        const res = await post(
          { missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1, storesIds: mine.otherStores },
          account,
        ).set('Idempotency-Key', 'atomic-1');
        await expectError(res, 500, /^Internal server error$/);
        expect(res.text).not.toContain('injected');
      } finally {
        await env.sql.query(`DROP TRIGGER fail_second_mission ON missions; DROP FUNCTION fail_second_mission();`);
      }
      expect(await env.fixtures.count('demands', account.accountId)).toBe(0);
      expect(await env.fixtures.count('missions', account.accountId)).toBe(0);
      expect(await env.fixtures.count('idempotency_keys', account.accountId)).toBe(0);
      expect(await env.fixtures.count('events', account.accountId)).toBe(0);
    });
  });

  describe('Idempotency-Key', () => {
    it('a replay with the same key and body answers 201 and creates nothing new', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      const body = { missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1 };
      expect((await post(body, account).set('Idempotency-Key', 'replay-1')).status).toBe(201);
      const reordered = { participants: 1, datePicked: '2026-12-01', missionMainId: mine.plainMission };
      const replay = await post(reordered, account).set('Idempotency-Key', 'replay-1');
      expect(replay.status).toBe(201);
      expect(replay.text).toBe('');
      expect(await env.fixtures.count('demands', account.accountId)).toBe(1);
      expect(await env.fixtures.count('events', account.accountId)).toBe(1);
    });

    it('a replayed 201 carries the same Location as the first', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      const body = { missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1 };
      const first = await post(body, account).set('Idempotency-Key', 'replay-location');
      const replay = await post(body, account).set('Idempotency-Key', 'replay-location');
      expect(replay.status).toBe(201);
      expect(replay.headers['location']).toBe(first.headers['location']);
      expect(first.headers['location']).toMatch(/^\/v1\/missions\/demands\/[0-9a-f-]{36}$/);
    });

    it('the same key with a different body is 409', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      const body = { missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1 };
      expect((await post(body, account).set('Idempotency-Key', 'k-409')).status).toBe(201);
      const res = await post({ ...body, participants: 2 }, account).set('Idempotency-Key', 'k-409');
      await expectError(res, 409, /^Idempotency-Key was already used with a different request body$/);
      expect(await env.fixtures.count('demands', account.accountId)).toBe(1);
    });

    it('keys belong to one client account: another account may use the same key', async () => {
      const a = await env.fixtures.account();
      const b = await env.fixtures.account();
      const [ca, cb] = [await env.fixtures.catalog(a.accountId), await env.fixtures.catalog(b.accountId)];
      expect((await post({ missionMainId: ca.plainMission, datePicked: '2026-12-01', participants: 1 }, a).set('Idempotency-Key', 'shared')).status).toBe(201);
      expect((await post({ missionMainId: cb.plainMission, datePicked: '2026-12-01', participants: 1 }, b).set('Idempotency-Key', 'shared')).status).toBe(201);
    });

    it('a refused request releases its key: the corrected request with the same key is processed', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      const res = await post({ missionMainId: randomUUID(), datePicked: '2026-12-01', participants: 1 }, account).set('Idempotency-Key', 'retry');
      expect(res.status).toBe(422);
      const fixed = await post({ missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1 }, account).set('Idempotency-Key', 'retry');
      expect(fixed.status).toBe(201);
    });

    it('twenty concurrent identical requests with one key create exactly one demand', async () => {
      const account = await env.fixtures.account();
      const mine = await env.fixtures.catalog(account.accountId);
      const body = { missionMainId: mine.plainMission, datePicked: '2026-12-01', participants: 1, storesIds: mine.otherStores };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post(body, account).set('Idempotency-Key', 'burst')),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      for (const res of responses.filter((r) => r.status === 409)) {
        expect(res.body).toEqual({ error: 'A request with this Idempotency-Key is still in flight' });
      }
      expect(await env.fixtures.count('demands', account.accountId)).toBe(1);
      expect(await env.fixtures.count('missions', account.accountId)).toBe(1);
    });
  });

  describe('the created demand can be found (contract section 7)', () => {
    const get = (path: string, as: Credentials = client) => request(env.server.baseUrl).get(path).set(as.headers);

    it('the 201 keeps its empty body and gains Location: /v1/missions/demands/{id}', async () => {
      const res = await post(plainDemand());
      expect(res.status).toBe(201);
      expect(res.text).toBe('');
      const { rows } = await env.sql.query(`SELECT id FROM demands WHERE client_account_id = $1 ORDER BY created_at DESC LIMIT 1`, [client.accountId]);
      expect(res.headers['location']).toBe(`/v1/missions/demands/${rows[0].id}`);
    });

    it('GET on it answers the demand as stored, with its missions and the places taken', async () => {
      const body = workforceDemand();
      const location = (await post(body)).headers['location'];
      const { rows: missions } = await env.sql.query(
        `SELECT m.id, m.mb_key, m.store_id, m.client_account_id FROM missions m WHERE m.demand_id = $1 ORDER BY array_position($2::int[], m.store_id)`,
        [location.split('/').pop(), body.storesIds],
      );
      await env.sql.query(
        `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, is_buffer, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'Ana', 0, false, now(), now()), ($5, $2, $3, $6, 'Bia', 0, true, now(), now())`,
        [randomUUID(), client.accountId, missions[0].id, `MU-${randomUUID().slice(0, 8)}`, randomUUID(), `MU-${randomUUID().slice(0, 8)}`],
      );

      const res = await get(location);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        id: location.split('/').pop(),
        missionMainId: body.missionMainId,
        datePicked: '2026-12-01',
        scheduledAt: '2026-12-01T11:00:00.000Z',
        participants: 3,
        storesIds: body.storesIds,
        shifts: body.shifts,
        formId: body.formId,
        formPdvId: body.formPdvId,
        custom_fields: body.custom_fields,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        missions: missions.map((mission, i) => ({
          id: mission.id,
          mbKey: mission.mb_key,
          storeId: body.storesIds[i],
          missionDate: '2026-12-01T11:00:00.000Z',
          places: 3,
          placesTaken: i === 0 ? 1 : 0,
        })),
      });
    });

    it("another account's id is 404 Not found, exactly like an unknown or malformed one", async () => {
      const location = (await post(plainDemand())).headers['location'];
      const answers = await Promise.all([
        get(location, other),
        get(`/v1/missions/demands/${randomUUID()}`),
        get('/v1/missions/demands/not-a-uuid'),
      ]);
      for (const res of answers) expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'Not found' } });
    });

    it('401 before anything, and any query parameter is 400 Invalid query params', async () => {
      const location = (await post(plainDemand())).headers['location'];
      expect((await request(env.server.baseUrl).get(location)).status).toBe(401);
      await expectError(await get(`${location}?expand=missions`), 400, /^Invalid query params$/);
    });
  });
});
