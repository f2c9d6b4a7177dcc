import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';

const INVALID = 'Invalid query params';
const AUTH_ERROR = { error: 'Client ID ou Client Secret inválido ou ausente.' };

interface Listing {
  path: string;
  /** A query the listing accepts. */
  valid: Record<string, string>;
  /** Parameter cases: [description, query changes (undefined removes), expected message]. */
  invalid: [string, Record<string, string | string[] | undefined>, string][];
  itemsPerPage: number;
}

const period = { startedAt: '2026-01-01', endedAt: '2026-12-31' };
const paged = (extra: [string, Record<string, string | string[] | undefined>, string][] = []) => [
  ['page=0', { page: '0' }, INVALID],
  ['page=-1', { page: '-1' }, INVALID],
  ['page=abc', { page: 'abc' }, INVALID],
  ['page=1.5', { page: '1.5' }, INVALID],
  ['itemsPerPage=0', { itemsPerPage: '0' }, INVALID],
  ['itemsPerPage=51', { itemsPerPage: '51' }, INVALID],
  ['itemsPerPage empty', { itemsPerPage: '' }, INVALID],
  ['mbKey empty', { mbKey: '' }, INVALID],
  ['an unknown parameter', { sort: 'asc' }, INVALID],
  ['a repeated parameter', { page: ['1', '2'] }, INVALID],
  ['startedAt=2026-02-30', { startedAt: '2026-02-30' }, INVALID],
  ['endedAt not a date', { endedAt: '31/12/2026' }, INVALID],
  ['startedAt after endedAt', { startedAt: '2026-03-02', endedAt: '2026-03-01' }, INVALID],
  // PostgreSQL text cannot hold U+0000; it must be a 400, not an SQL error.
  ['mbKey with a NUL', { mbKey: 'MB-\u0000' }, INVALID],
  ['muKey with a NUL', { muKey: '\u0000' }, INVALID],
  ['page with a NUL', { page: '1\u0000' }, INVALID],
  ['startedAt with a NUL', { startedAt: '2026-01-01\u0000' }, INVALID],
  ...extra,
] as [string, Record<string, string | string[] | undefined>, string][];

const LISTINGS: Listing[] = [
  {
    path: '/v1/forms-data/customers',
    valid: { initialDate: '2026-01-01', finalDate: '2026-12-31', page: '1', formId: '1' },
    itemsPerPage: 50,
    invalid: [
      ['initialDate missing', { initialDate: undefined }, 'initialDate and finalDate are required'],
      ['finalDate missing', { finalDate: undefined }, 'initialDate and finalDate are required'],
      ['page missing', { page: undefined }, 'page and formId must be integers >= 1'],
      ['formId missing', { formId: undefined }, 'page and formId must be integers >= 1'],
      ['page=0', { page: '0' }, 'page and formId must be integers >= 1'],
      ['formId=0', { formId: '0' }, 'page and formId must be integers >= 1'],
      ['formId=x', { formId: 'x' }, 'page and formId must be integers >= 1'],
      ['finalDate equal to initialDate', { finalDate: '2026-01-01' }, 'finalDate must be later than initialDate'],
      ['finalDate before initialDate', { finalDate: '2025-12-31' }, 'finalDate must be later than initialDate'],
      ['initialDate=2026-02-30', { initialDate: '2026-02-30' }, 'initialDate and finalDate must be calendar dates in the form YYYY-MM-DD'],
      ['itemsPerPage is not a parameter here', { itemsPerPage: '10' }, INVALID],
      ['an unknown parameter', { foo: 'bar' }, INVALID],
      ['a repeated parameter', { formId: ['1', '2'] }, INVALID],
      ['initialDate with a NUL', { initialDate: '2026-01-01\u0000' }, 'initialDate and finalDate must be calendar dates in the form YYYY-MM-DD'],
      ['formId with a NUL', { formId: '1\u0000' }, 'page and formId must be integers >= 1'],
    ],
  },
  {
    path: '/v1/missions-users/workforce/reports',
    valid: {},
    itemsPerPage: 10,
    invalid: paged([
      ['status=11', { status: '11' }, INVALID],
      ['status=-1', { status: '-1' }, INVALID],
      ['status=x', { status: 'x' }, INVALID],
      ['search empty', { search: '' }, INVALID],
      ['search over 100 characters', { search: 'x'.repeat(101) }, INVALID],
      ['search with a NUL', { search: '\u0000' }, INVALID],
      ['progress is not a parameter here', { progress: '1' }, INVALID],
    ]),
  },
  {
    path: '/v1/deliveries/results',
    valid: period,
    itemsPerPage: 10,
    invalid: [
      ['startedAt missing', { startedAt: undefined }, 'startedAt and endedAt are required'],
      ['endedAt missing', { endedAt: undefined }, 'startedAt and endedAt are required'],
      ...paged([
        ['progress=3', { progress: '3' }, INVALID],
        ['progress=0', { progress: '0' }, INVALID],
        ['search is not a parameter here', { search: 'x' }, INVALID],
      ]),
    ],
  },
  {
    path: '/v1/pdv/results',
    valid: period,
    itemsPerPage: 10,
    invalid: [
      ['startedAt missing', { startedAt: undefined }, 'startedAt and endedAt are required'],
      ['endedAt missing', { endedAt: undefined }, 'startedAt and endedAt are required'],
      ...paged([
        ['search over 100 characters', { search: 'x'.repeat(101) }, INVALID],
        ['search with a NUL', { search: 'a\u0000b' }, INVALID],
      ]),
    ],
  },
  {
    path: '/v1/registers/results',
    valid: {},
    itemsPerPage: 10,
    invalid: paged([
      ['status is not a parameter here', { status: '1' }, INVALID],
      ['search empty', { search: '' }, INVALID],
      ['search with a NUL', { search: '\u0000' }, INVALID],
    ]),
  },
];

function withChanges(base: Record<string, string>, changes: Record<string, string | string[] | undefined>) {
  const query: Record<string, string | string[]> = { ...base };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete query[name];
    else query[name] = value;
  }
  return query;
}

describe('report listings: parameters (contract sections 3 and 4)', () => {
  const env = useE2eEnvironment();
  let client: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
  });

  describe.each(LISTINGS)('$path', (listing) => {
    it('401 without credentials, before the parameters are looked at', async () => {
      const res = await request(env.server.baseUrl).get(listing.path).query({ bogus: '1' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(AUTH_ERROR);
    });

    it('defaults applied: page 1 and the default page size; an empty page has total 0 and data []', async () => {
      const res = await request(env.server.baseUrl).get(listing.path).set(client.headers).query(listing.valid);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ total: 0, page: 1, itemsPerPage: listing.itemsPerPage, data: [] });
    });

    it.each(listing.invalid)('%s: 400 with the contract message', async (_case, changes, message) => {
      const res = await request(env.server.baseUrl).get(listing.path).set(client.headers).query(withChanges(listing.valid, changes));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });
  });

  it('bounds are inclusive: page size 1 and 50, status 0 and 10, progress 1 and 2, one-day periods', async () => {
    const get = (path: string, query: Record<string, string>) => request(env.server.baseUrl).get(path).set(client.headers).query(query);
    for (const itemsPerPage of ['1', '50']) {
      expect((await get('/v1/registers/results', { itemsPerPage })).body.itemsPerPage).toBe(Number(itemsPerPage));
    }
    for (const status of ['0', '10']) expect((await get('/v1/missions-users/workforce/reports', { status })).status).toBe(200);
    for (const progress of ['1', '2']) {
      expect((await get('/v1/deliveries/results', { ...period, progress })).status).toBe(200);
    }
    expect((await get('/v1/pdv/results', { startedAt: '2026-03-01', endedAt: '2026-03-01' })).status).toBe(200);
    expect((await get('/v1/forms-data/customers', { initialDate: '2026-03-01', finalDate: '2026-03-02', page: '3', formId: '7' })).body).toEqual({
      total: 0,
      page: 3,
      itemsPerPage: 50,
      data: [],
    });
  });
});
