import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';
import { type Chain, ReportFixtures } from './support/report-fixtures';

// One chain with a distinct value in every column any listing could search, and one chain of
// noise, so that each searched column is proved to be searched, and each other column not.
const MISSION = 'Missão Zéfiro';
const USER = 'Usuária Ômega';
const MB_KEY = 'MB-SEARCHKEY0001';
const IDENTIFIER = 'IDENT-XYZW';
const PRODUCT = 'Produto Kappa 1kg';
const DAY = { startedAt: '2026-03-10', endedAt: '2026-03-10' };
const WILDCARDS = 'Cota 100%_\\ Real';

describe('search: exactly the columns the contract names, case-insensitive, combined with every other filter', () => {
  const env = useE2eEnvironment();
  let client: Credentials;
  let target: Chain;

  beforeAll(async () => {
    const fixtures = new ReportFixtures(env.sql);
    client = await env.fixtures.account();
    const flags = { check_in_check_out: true, has_pos: true };
    target = await fixtures.chain(client.accountId, { flags, missionName: MISSION, userName: USER, mbKey: MB_KEY });
    const register = await fixtures.register(target, { identifier: IDENTIFIER });
    await fixtures.pdv(target, register, await fixtures.product(client.accountId, ['Categoria'], PRODUCT));
    const noise = await fixtures.chain(client.accountId, { flags, missionName: 'Outra missão', userName: 'Fulano' });
    await fixtures.pdv(noise, await fixtures.register(noise, { identifier: 'NOISE-1' }), await fixtures.product(client.accountId, ['Categoria'], 'Outro produto'));
    await fixtures.chain(client.accountId, { flags, missionName: 'Outra missão', userName: WILDCARDS });
  });

  const total = async (path: string, query: Record<string, string | number>) => {
    const res = await request(env.server.baseUrl).get(path).set(client.headers).query(query);
    expect(res.status).toBe(200);
    return res.body.total as number;
  };

  const WORKFORCE = '/v1/missions-users/workforce/reports';
  const REGISTERS = '/v1/registers/results';
  const PDV = '/v1/pdv/results';

  // [listing, base query, column, a fragment of the target's value in it, is the column searched?]
  const cases: [string, Record<string, string>, string, () => string, boolean][] = [
    [WORKFORCE, {}, 'user name', () => 'ÁRIA ÔMEG', true],
    [WORKFORCE, {}, 'mission name', () => 'são zéf', true],
    [WORKFORCE, {}, 'MB key', () => 'searchkey00', true],
    [WORKFORCE, {}, 'MU key', () => target.muKey.slice(3, 11).toLowerCase(), true],
    [WORKFORCE, {}, 'identifier (not searched here)', () => 'IDENT-XY', false],
    [REGISTERS, {}, 'mission name', () => 'MISSÃO Z', true],
    [REGISTERS, {}, 'MB key', () => 'SEARCHKEY', true],
    [REGISTERS, {}, 'MU key', () => target.muKey.slice(3, 11), true],
    [REGISTERS, {}, 'identifier', () => 'ent-xyz', true],
    [REGISTERS, {}, 'user name (not searched here)', () => 'Ômega', false],
    [PDV, DAY, 'product name', () => 'kappa 1KG', true],
    [PDV, DAY, 'mission name', () => 'Zéfiro', true],
    [PDV, DAY, 'MB key', () => 'searchkey0001', true],
    [PDV, DAY, 'MU key', () => target.muKey.slice(4, 12), true],
    [PDV, DAY, 'identifier', () => 'XYZW', true],
    [PDV, DAY, 'user name (not searched here)', () => 'Usuária', false],
  ];

  it.each(cases)('%s, %j: %s', async (path, query, _column, fragment, searched) => {
    expect(await total(path, { ...query, search: fragment() })).toBe(searched ? 1 : 0);
  });

  it('search narrows together with status, keys and periods, never instead of them', async () => {
    expect(await total(WORKFORCE, { search: 'Ômega', status: 2 })).toBe(1);
    expect(await total(WORKFORCE, { search: 'Ômega', status: 0 })).toBe(0);
    expect(await total(WORKFORCE, { search: 'Ômega', mbKey: MB_KEY })).toBe(1);
    expect(await total(WORKFORCE, { search: 'Ômega', muKey: 'MU-OTHER' })).toBe(0);
    expect(await total(WORKFORCE, { search: 'Ômega', startedAt: '2026-03-11' })).toBe(0);
    expect(await total(REGISTERS, { search: IDENTIFIER, muKey: target.muKey })).toBe(1);
    expect(await total(REGISTERS, { search: IDENTIFIER, mbKey: 'MB-OTHER' })).toBe(0);
    expect(await total(REGISTERS, { search: IDENTIFIER, endedAt: '2026-03-09' })).toBe(0);
    expect(await total(PDV, { ...DAY, search: 'Kappa', mbKey: MB_KEY })).toBe(1);
    expect(await total(PDV, { startedAt: '2026-03-11', endedAt: '2026-03-11', search: 'Kappa' })).toBe(0);
  });

  // Terms of one or two characters have no trigram to look up: they are matched by a scan, and must
  // answer exactly what a longer term would.
  it.each([
    [WORKFORCE, {}, 'ô', 1],
    [WORKFORCE, {}, 'ÔM', 1],
    [WORKFORCE, {}, 'É', 1],
    [WORKFORCE, {}, 'ã', 3],
    [REGISTERS, {}, 'zw', 1],
    [PDV, DAY, 'Kg', 1],
    [WORKFORCE, {}, '%', 1],
    [WORKFORCE, {}, '_', 1],
    [WORKFORCE, {}, '\\', 1],
    [WORKFORCE, {}, '%_\\', 1],
    [WORKFORCE, {}, '0%', 1],
    [WORKFORCE, {}, '1_0', 0],
    [WORKFORCE, {}, 'a 1%0', 0],
  ] as const)('%s %j: the term %j matches itself in %i participant(s): short terms, wildcards and case', async (path, query, term, expected) => {
    expect(await total(path, { ...query, search: term })).toBe(expected);
  });

  it('a term never matches across two searched columns, even one holding the character the search document joins them with', async () => {
    expect(await total(WORKFORCE, { search: 'Ômega Missão' })).toBe(0);
    expect(await total(WORKFORCE, { search: 'ômega\u001fmissão' })).toBe(0);
    expect(await total(WORKFORCE, { search: 'ômega\u001f' })).toBe(0);
    expect(await total(REGISTERS, { search: 'xyzw\u001f' })).toBe(0);
    expect(await total(PDV, { ...DAY, search: '1kg\u001fmiss' })).toBe(0);
  });
});
