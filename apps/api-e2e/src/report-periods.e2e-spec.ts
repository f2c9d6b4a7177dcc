import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { ReportFixtures } from './support/report-fixtures';

// 2026-03-10 in America/Sao_Paulo (UTC-3, the default REPORT_TIME_ZONE) runs from
// 2026-03-10T03:00:00.000Z to 2026-03-11T02:59:59.999Z.
const FIRST = '2026-03-10T03:00:00.000Z';
const LAST = '2026-03-11T02:59:59.999Z';
const BEFORE = '2026-03-10T02:59:59.999Z';
const AFTER = '2026-03-11T03:00:00.000Z';
const INSTANTS = [BEFORE, FIRST, LAST, AFTER];
const DAY = { startedAt: '2026-03-10', endedAt: '2026-03-10' };

describe('report periods: whole days in REPORT_TIME_ZONE, both ends included (contract section 1)', () => {
  const env = useE2eEnvironment();
  let fixtures: ReportFixtures;
  let headers: Record<string, string>;
  let formId: number;

  beforeAll(async () => {
    fixtures = new ReportFixtures(env.sql);
    const client = await env.fixtures.account();
    headers = client.headers;
    const accountId = client.accountId;
    formId = await fixtures.form(accountId);
    const product = await fixtures.product(accountId, ['Bebidas'], 'Água');
    for (const instant of INSTANTS) {
      const chain = await fixtures.chain(accountId, {
        flags: { check_in_check_out: true, has_pos: true, has_delivery_places: true, has_forms: true },
        missionDate: instant,
        userName: instant,
      });
      const register = await fixtures.register(chain, { updatedAt: instant, identifier: instant });
      await fixtures.answers(chain, register, formId, instant, [['Q1?', instant]]);
      await fixtures.pdv(chain, register, product, { updatedAt: instant });
      await fixtures.stop(chain, { startedAt: instant });
    }
  });

  const get = (path: string, query: Record<string, string | number>) => request(env.server.baseUrl).get(path).set(headers).query(query);

  it.each([
    ['workforce results, by mission_date', '/v1/missions-users/workforce/reports', (item: Record<string, string>) => item['mission_date']],
    ['register results, by last update', '/v1/registers/results', (item: Record<string, string>) => item['register_updated_at']],
    ['collections and deliveries, by started_at', '/v1/deliveries/results', (item: Record<string, string>) => item['started_at']],
    ['point-of-sale results, by last update', '/v1/pdv/results', (item: Record<string, string>) => item['updated_at']],
  ])('%s: the first and last instant of the day are in, one millisecond outside is out', async (_case, path, instantOf) => {
    const res = await get(path, DAY);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map(instantOf)).toEqual([LAST, FIRST]);
  });

  it('form answers, by answer time: initialDate..finalDate covers both whole days', async () => {
    const res = await get('/v1/forms-data/customers', { initialDate: '2026-03-09', finalDate: '2026-03-10', page: 1, formId });
    expect(res.body.data.map((item: { answered_at: string }) => item.answered_at)).toEqual([LAST, FIRST, BEFORE]);
    const next = await get('/v1/forms-data/customers', { initialDate: '2026-03-10', finalDate: '2026-03-11', page: 1, formId });
    expect(next.body.data.map((item: { answered_at: string }) => item.answered_at)).toEqual([AFTER, LAST, FIRST]);
  });

  it('an open period: only startedAt, or only endedAt', async () => {
    const from = await get('/v1/registers/results', { startedAt: '2026-03-10' });
    expect(from.body.total).toBe(3);
    const until = await get('/v1/missions-users/workforce/reports', { endedAt: '2026-03-10' });
    expect(until.body.total).toBe(3);
  });

  it('a row in the last microseconds of a day belongs to that day, not to the next', async () => {
    const client = await env.fixtures.account();
    const chain = await fixtures.chain(client.accountId);
    await fixtures.register(chain, { identifier: 'LAST-MICROSECOND', updatedAt: '2026-03-11T02:59:59.999500Z' });
    const on = (day: string) =>
      request(env.server.baseUrl).get('/v1/registers/results').set(client.headers).query({ startedAt: day, endedAt: day });
    expect((await on('2026-03-10')).body.total).toBe(1);
    expect((await on('2026-03-11')).body.total).toBe(0);
  });

  it('a period may end on the last calendar day, 9999-12-31', async () => {
    const res = await get('/v1/registers/results', { startedAt: '2026-03-10', endedAt: '9999-12-31' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
  });
});
