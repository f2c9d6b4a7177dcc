import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';
import { runCli } from './support/server';

// Counts here are written independently of the read models (subqueries rather than joins), so a
// listing and its check cannot share a mistake.
const EVERYTHING = { startedAt: '2020-01-01', endedAt: '2030-12-31' };

interface Walk {
  path: string;
  query: Record<string, string>;
  /** An item's identity, to prove every row is listed exactly once. */
  id: (item: Record<string, unknown>) => string;
  /** The column the listing orders by, newest first. */
  orderedBy: (item: Record<string, unknown>) => string;
  count: string;
}

const WALKS: Walk[] = [
  {
    path: '/v1/missions-users/workforce/reports',
    query: {},
    id: (item) => String(item['mu_key']),
    orderedBy: (item) => String(item['mission_date']),
    count: `SELECT count(*)::int AS n FROM missions_users mu WHERE mu.client_account_id = $1
              AND mu.mission_id IN (SELECT m.id FROM missions m WHERE m.main_mission_id IN
                (SELECT mm.id FROM main_missions mm WHERE mm.check_in_check_out))`,
  },
  {
    path: '/v1/registers/results',
    query: {},
    id: (item) => String(item['register_id']),
    orderedBy: (item) => String(item['register_updated_at']),
    count: `SELECT count(*)::int AS n FROM registers WHERE client_account_id = $1 AND status = 'APPROVED'`,
  },
  {
    path: '/v1/deliveries/results',
    query: EVERYTHING,
    id: (item) => String(item['delivery_id']),
    orderedBy: (item) => String(item['started_at']),
    count: `SELECT count(*)::int AS n FROM delivery_stops WHERE client_account_id = $1`,
  },
  {
    path: '/v1/pdv/results',
    query: EVERYTHING,
    id: (item) => String(item['pdv_id']),
    orderedBy: (item) => String(item['updated_at']),
    count: `SELECT count(*)::int AS n FROM pdv_records WHERE client_account_id = $1 AND status = 'DONE'`,
  },
];

describe('report listings on seeded data: pages, totals and filters against the database', () => {
  const env = useE2eEnvironment();
  let a: Credentials;
  let b: Credentials;

  const count = async (sql: string, params: unknown[]) => (await env.sql.query(sql, params)).rows[0].n as number;
  const get = (who: Credentials, path: string, query: Record<string, string | number>) =>
    request(env.server.baseUrl).get(path).set(who.headers).query(query);

  beforeAll(async () => {
    a = await env.fixtures.account('Seeded A');
    b = await env.fixtures.account('Seeded B');
    // The same seed for both: the same names, forms and products in two accounts.
    for (const who of [a, b]) {
      const seeded = await runCli(['seed', '--client-id', who.headers['client-id'], '--missions', '120', '--seed', '7'], {
        DATABASE_URL: env.databaseUrl,
      });
      expect(seeded.code).toBe(0);
    }
  }, 120_000);

  describe.each(WALKS)('$path', (walk) => {
    it('walking all pages returns every matching row exactly once, newest first, and total matches the database', async () => {
      const expected = await count(walk.count, [a.accountId]);
      expect(expected).toBeGreaterThan(0);
      const seen: Record<string, unknown>[] = [];
      for (let page = 1; ; page += 1) {
        const res = await get(a, walk.path, { ...walk.query, page, itemsPerPage: 7 });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(expected);
        if (res.body.data.length === 0) break;
        seen.push(...res.body.data);
      }
      expect(seen).toHaveLength(expected);
      expect(new Set(seen.map(walk.id)).size).toBe(expected);
      const order = seen.map(walk.orderedBy);
      expect(order).toEqual([...order].sort().reverse());
    });

    it('a page past the end has data [] and the true total', async () => {
      const expected = await count(walk.count, [a.accountId]);
      const res = await get(a, walk.path, { ...walk.query, page: 1000, itemsPerPage: 50 });
      expect(res.body).toEqual({ total: expected, page: 1000, itemsPerPage: 50, data: [] });
    });

    it('another account seeded alike sees exactly its own rows', async () => {
      const res = await get(b, walk.path, { ...walk.query, itemsPerPage: 50 });
      expect(res.body.total).toBe(await count(walk.count, [b.accountId]));
      const mine = new Set((await env.sql.query(`SELECT mu_key FROM missions_users WHERE client_account_id = $1`, [b.accountId])).rows.map((r) => r.mu_key));
      for (const item of res.body.data) expect(mine.has(item.mu_key)).toBe(true);
    });
  });

  it('form answers: all pages of one form, in order, total as the database says', async () => {
    const { rows } = await env.sql.query(
      `SELECT form_id, count(*)::int AS n FROM forms_data_answers a JOIN forms_data fd ON fd.id = a.forms_data_id
        WHERE a.client_account_id = $1 GROUP BY form_id ORDER BY n DESC LIMIT 1`,
      [a.accountId],
    );
    const [{ form_id: formId, n: expected }] = rows;
    const seen: { answered_at: string; mu_key: string; order: string }[] = [];
    for (let page = 1; ; page += 1) {
      const res = await get(a, '/v1/forms-data/customers', { initialDate: '2020-01-01', finalDate: '2030-12-31', page, formId });
      expect(res.body.total).toBe(expected);
      if (res.body.data.length === 0) break;
      seen.push(...res.body.data);
    }
    expect(seen).toHaveLength(expected);
    expect(new Set(seen.map((item) => `${item.mu_key}/${item.answered_at}/${item.order}`)).size).toBe(expected);
    const order = seen.map((item) => item.answered_at);
    expect(order).toEqual([...order].sort().reverse());
  });

  it.each(Array.from({ length: 11 }, (_, status) => status))('workforce status=%i narrows to exactly the database’s rows', async (status) => {
    const expected = await count(`${WALKS[0].count} AND mu.status = $2`, [a.accountId, status]);
    const res = await get(a, '/v1/missions-users/workforce/reports', { status, itemsPerPage: 50 });
    expect(res.body.total).toBe(expected);
    for (const item of res.body.data) expect(item.mission_status).toBe(status);
  });

  it('every participant status is present in the seeded data', async () => {
    const { rows } = await env.sql.query(`SELECT DISTINCT status FROM missions_users WHERE client_account_id = $1 ORDER BY status`, [a.accountId]);
    expect(rows.map((r) => r.status)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each([1, 2])('deliveries progress=%i narrows to exactly the database’s rows', async (progress) => {
    const expected = await count(`SELECT count(*)::int AS n FROM delivery_stops WHERE client_account_id = $1 AND progress = $2`, [a.accountId, progress]);
    expect(expected).toBeGreaterThan(0);
    expect((await get(a, '/v1/deliveries/results', { ...EVERYTHING, progress })).body.total).toBe(expected);
  });

  it('mbKey and muKey narrow to the one mission and the one participant', async () => {
    const { rows } = await env.sql.query(
      `SELECT m.mb_key, mu.mu_key FROM missions_users mu JOIN missions m ON m.id = mu.mission_id
        JOIN main_missions mm ON mm.id = m.main_mission_id WHERE mu.client_account_id = $1 AND mm.check_in_check_out LIMIT 1`,
      [a.accountId],
    );
    const [{ mb_key: mbKey, mu_key: muKey }] = rows;
    const byMission = await count(`${WALKS[0].count} AND mu.mission_id = (SELECT id FROM missions WHERE mb_key = $2)`, [a.accountId, mbKey]);
    expect((await get(a, '/v1/missions-users/workforce/reports', { mbKey })).body.total).toBe(byMission);
    const byParticipant = await get(a, '/v1/missions-users/workforce/reports', { muKey });
    expect(byParticipant.body.data.map((item: { mu_key: string }) => item.mu_key)).toEqual([muKey]);
  });

  it('search on workforce is case-insensitive and finds accented names, as ILIKE on the database says', async () => {
    const { rows } = await env.sql.query(
      `SELECT user_name FROM missions_users WHERE client_account_id = $1 AND user_name ~ '[À-ÿ]' ORDER BY user_name LIMIT 1`,
      [a.accountId],
    );
    expect(rows).toHaveLength(1);
    const accented: string = rows[0].user_name;
    const text = accented.slice(0, Math.min(accented.length, 8)).toUpperCase();
    const expected = await count(
      `SELECT count(*)::int AS n FROM missions_users mu WHERE mu.client_account_id = $1
         AND mu.mission_id IN (SELECT m.id FROM missions m JOIN main_missions mm ON mm.id = m.main_mission_id
                                WHERE mm.check_in_check_out)
         AND (lower(mu.user_name) LIKE '%' || lower($2) || '%' OR lower(mu.mu_key) LIKE '%' || lower($2) || '%'
              OR mu.mission_id IN (SELECT m.id FROM missions m JOIN main_missions mm ON mm.id = m.main_mission_id
                                    WHERE lower(m.mb_key) LIKE '%' || lower($2) || '%' OR lower(mm.name) LIKE '%' || lower($2) || '%'))`,
      [a.accountId, text],
    );
    expect(expected).toBeGreaterThan(0);
    const res = await get(a, '/v1/missions-users/workforce/reports', { search: text, itemsPerPage: 50 });
    expect(res.body.total).toBe(expected);
  });

  describe('every filter of registers, point of sale and deliveries narrows to exactly the database’s rows', () => {
    // Whole days in America/Sao_Paulo, converted by PostgreSQL's own time-zone rules.
    const DAYS = `($2::date::timestamp AT TIME ZONE 'America/Sao_Paulo') AND ($3::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`;
    const PERIOD = { startedAt: '2026-08-01', endedAt: '2026-08-31' };
    const periodParams = [PERIOD.startedAt, PERIOD.endedAt];
    let sample: { mb_key: string; mu_key: string; identifier: string };

    beforeAll(async () => {
      const { rows } = await env.sql.query(
        `SELECT m.mb_key, mu.mu_key, r.identifier FROM registers r
           JOIN missions_users mu ON mu.id = r.missions_user_id JOIN missions m ON m.id = mu.mission_id
          WHERE r.client_account_id = $1 AND r.status = 'APPROVED'
            AND EXISTS (SELECT 1 FROM pdv_records p WHERE p.register_id = r.id AND p.status = 'DONE')
            AND EXISTS (SELECT 1 FROM delivery_stops s WHERE s.missions_user_id = mu.id)
          ORDER BY r.id LIMIT 1`,
        [a.accountId],
      );
      expect(rows).toHaveLength(1);
      sample = rows[0];
    });

    it.each([
      ['/v1/registers/results', `SELECT count(*)::int AS n FROM registers WHERE client_account_id = $1 AND status = 'APPROVED' AND updated_at >= ${DAYS.replace(' AND ', ' AND updated_at < ')}`],
      ['/v1/pdv/results', `SELECT count(*)::int AS n FROM pdv_records WHERE client_account_id = $1 AND status = 'DONE' AND updated_at >= ${DAYS.replace(' AND ', ' AND updated_at < ')}`],
      ['/v1/deliveries/results', `SELECT count(*)::int AS n FROM delivery_stops WHERE client_account_id = $1 AND started_at >= ${DAYS.replace(' AND ', ' AND started_at < ')}`],
      ['/v1/missions-users/workforce/reports', `${WALKS[0].count} AND mu.mission_id IN (SELECT id FROM missions WHERE mission_date >= ${DAYS.replace(' AND ', ' AND mission_date < ')})`],
    ])('%s: a period of whole days', async (path, sql) => {
      const expected = await count(sql, [a.accountId, ...periodParams]);
      expect(expected).toBeGreaterThan(0);
      expect((await get(a, path, PERIOD)).body.total).toBe(expected);
    });

    const registerOf = `SELECT r.id FROM registers r WHERE r.client_account_id = $1 AND r.status = 'APPROVED'`;
    it.each([
      ['registers, mbKey', '/v1/registers/results', () => ({ mbKey: sample.mb_key }), `SELECT count(*)::int AS n FROM (${registerOf} AND r.missions_user_id IN (SELECT id FROM missions_users WHERE mission_id = (SELECT id FROM missions WHERE mb_key = $2))) x`, () => [sample.mb_key]],
      ['registers, muKey', '/v1/registers/results', () => ({ muKey: sample.mu_key }), `SELECT count(*)::int AS n FROM (${registerOf} AND r.missions_user_id = (SELECT id FROM missions_users WHERE mu_key = $2)) x`, () => [sample.mu_key]],
      ['registers, search on the identifier', '/v1/registers/results', () => ({ search: sample.identifier.toLowerCase() }), `SELECT count(*)::int AS n FROM (${registerOf} AND (lower(r.identifier) LIKE '%' || lower($2) || '%'
          OR r.missions_user_id IN (SELECT id FROM missions_users WHERE lower(mu_key) LIKE '%' || lower($2) || '%')
          OR r.missions_user_id IN (SELECT mu.id FROM missions_users mu JOIN missions m ON m.id = mu.mission_id
                                      JOIN main_missions mm ON mm.id = m.main_mission_id
                                     WHERE lower(m.mb_key) LIKE '%' || lower($2) || '%' OR lower(mm.name) LIKE '%' || lower($2) || '%'))) x`, () => [sample.identifier]],
      ['point of sale, mbKey', '/v1/pdv/results', () => ({ ...EVERYTHING, mbKey: sample.mb_key }), `SELECT count(*)::int AS n FROM pdv_records p WHERE p.client_account_id = $1 AND p.status = 'DONE'
          AND p.register_id IN (SELECT r.id FROM registers r JOIN missions_users mu ON mu.id = r.missions_user_id
                                WHERE mu.mission_id = (SELECT id FROM missions WHERE mb_key = $2))`, () => [sample.mb_key]],
      ['point of sale, muKey', '/v1/pdv/results', () => ({ ...EVERYTHING, muKey: sample.mu_key }), `SELECT count(*)::int AS n FROM pdv_records p WHERE p.client_account_id = $1 AND p.status = 'DONE'
          AND p.register_id IN (SELECT id FROM registers WHERE missions_user_id = (SELECT id FROM missions_users WHERE mu_key = $2))`, () => [sample.mu_key]],
      ['point of sale, search on the product name', '/v1/pdv/results', () => ({ ...EVERYTHING, search: 'CAFÉ' }), `SELECT count(*)::int AS n FROM pdv_records p WHERE p.client_account_id = $1 AND p.status = 'DONE' AND (
          p.import_products_id IN (SELECT id FROM import_products WHERE lower(name) LIKE '%' || lower($2) || '%')
          OR p.register_id IN (SELECT r.id FROM registers r JOIN missions_users mu ON mu.id = r.missions_user_id
                                 JOIN missions m ON m.id = mu.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
                                WHERE lower(r.identifier) LIKE '%' || lower($2) || '%' OR lower(mu.mu_key) LIKE '%' || lower($2) || '%'
                                   OR lower(m.mb_key) LIKE '%' || lower($2) || '%' OR lower(mm.name) LIKE '%' || lower($2) || '%'))`, () => ['CAFÉ']],
      ['deliveries, mbKey', '/v1/deliveries/results', () => ({ ...EVERYTHING, mbKey: sample.mb_key }), `SELECT count(*)::int AS n FROM delivery_stops s WHERE s.client_account_id = $1
          AND s.missions_user_id IN (SELECT id FROM missions_users WHERE mission_id = (SELECT id FROM missions WHERE mb_key = $2))`, () => [sample.mb_key]],
      ['deliveries, muKey', '/v1/deliveries/results', () => ({ ...EVERYTHING, muKey: sample.mu_key }), `SELECT count(*)::int AS n FROM delivery_stops s WHERE s.client_account_id = $1
          AND s.missions_user_id = (SELECT id FROM missions_users WHERE mu_key = $2)`, () => [sample.mu_key]],
    ])('%s', async (_case, path, query, sql, params) => {
      const expected = await count(sql, [a.accountId, ...params()]);
      expect(expected).toBeGreaterThan(0);
      expect((await get(a, path, { ...query(), itemsPerPage: 50 })).body.total).toBe(expected);
    });
  });
});
