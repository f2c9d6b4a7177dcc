import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';
import { type Chain, type Flags, ReportFixtures } from './support/report-fixtures';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FLAGS = ['has_pos', 'has_forms', 'check_in_check_out', 'has_delivery_places'] as const;
const BLOCK_OF = { has_pos: 'pdv', has_forms: 'forms_data', check_in_check_out: 'workforce', has_delivery_places: 'delivery' } as const;

/** Every combination of the four flags of a main mission. */
const COMBINATIONS: Flags[] = Array.from({ length: 16 }, (_, bits) =>
  Object.fromEntries(FLAGS.map((flag, i) => [flag, Boolean(bits & (1 << i))])),
);

describe('report listings: items, blocks, search and tenant isolation', () => {
  const env = useE2eEnvironment();
  let fixtures: ReportFixtures;
  let a: Credentials;
  let b: Credentials;
  let formId: number;
  let shared: Chain;

  beforeAll(async () => {
    fixtures = new ReportFixtures(env.sql);
    a = await env.fixtures.account('Account A');
    b = await env.fixtures.account('Account B');
    formId = await fixtures.form(a.accountId, 'Checklist de gôndola');
    const product = await fixtures.product(a.accountId, ['Alimentos', 'Mercearia', 'Cafés'], 'Café Torrado 500g');

    for (const [index, flags] of COMBINATIONS.entries()) {
      const chain = await fixtures.chain(a.accountId, { flags, missionName: `Combinação ${index}`, userName: `Pessoa ${index}` });
      const register = await fixtures.register(chain, { identifier: `REG-${index}`, updatedAt: `2026-03-10T12:${String(index).padStart(2, '0')}:00Z` });
      await fixtures.answers(chain, register, formId, '2026-03-10T12:00:00Z', [
        ['Prateleira cheia?', 'Sim'],
        ['Quantas frentes?', '4'],
      ]);
      await fixtures.pdv(chain, register, product, { status: 'DONE', data: { facings: index } });
      await fixtures.pdv(chain, register, product, { status: 'PENDING' });
      await fixtures.stop(chain, { type: 'COLLECTION', finished: true });
    }
    for (const status of ['PENDING', 'REPROVED']) {
      await fixtures.register(await fixtures.chain(a.accountId, { missionName: `Não aprovado ${status}` }), { status });
    }
    shared = await fixtures.chain(a.accountId, {
      flags: { check_in_check_out: true },
      missionName: 'Promoção Verão',
      userName: 'João Silva',
      missionDate: '2026-03-11T12:00:00.000Z',
    });
    await fixtures.chain(a.accountId, { flags: { check_in_check_out: true }, userName: 'Aguardando', status: 0, missionDate: '2026-03-12T12:00:00.000Z' });
    await fixtures.chain(a.accountId, { flags: { check_in_check_out: false }, userName: 'Fora do workforce' });

    // Account B: the same names, a product with the same name, its own registers.
    const other = await fixtures.chain(b.accountId, { flags: { check_in_check_out: true, has_pos: true }, missionName: 'Promoção Verão', userName: 'João Silva' });
    const otherRegister = await fixtures.register(other, { identifier: 'REG-0' });
    await fixtures.pdv(other, otherRegister, await fixtures.product(b.accountId, ['Alimentos'], 'Café Torrado 500g'));
    await fixtures.stop(other);
  });

  const get = (who: Credentials, path: string, query: Record<string, string | number> = {}) =>
    request(env.server.baseUrl).get(path).set(who.headers).query(query);

  describe('register results', () => {
    it('only APPROVED registers are listed, newest update first', async () => {
      const res = await get(a, '/v1/registers/results', { itemsPerPage: 50 });
      expect(res.body.total).toBe(16);
      expect(res.body.data.map((item: { identifier: string }) => item.identifier)).toEqual(
        COMBINATIONS.map((_, i) => `REG-${i}`).reverse(),
      );
    });

    it.each(COMBINATIONS.map((flags, index) => [index, flags] as const))(
      'combination %i: each block is present exactly when its flag is true, and absent otherwise',
      async (index, flags) => {
        const res = await get(a, '/v1/registers/results', { search: `REG-${index}`, itemsPerPage: 50 });
        const item = res.body.data.find((it: { identifier: string }) => it.identifier === `REG-${index}`);
        for (const flag of FLAGS) {
          expect(item[flag]).toBe(flags[flag]);
          expect(Object.hasOwn(item, BLOCK_OF[flag])).toBe(flags[flag]);
        }
      },
    );

    it('the blocks have the spec’s shapes; point-of-sale entries are DONE only', async () => {
      const res = await get(a, '/v1/registers/results', { search: 'REG-15' });
      const item = res.body.data[0];
      expect(Object.keys(item).sort()).toEqual(
        [
          'register_id', 'register_updated_at', 'mission_id', 'missions_main_id', 'mb_key', 'mu_key', 'mission', 'identifier',
          'has_pos', 'has_forms', 'check_in_check_out', 'has_delivery_places', 'pdv', 'forms_data', 'workforce', 'delivery',
        ].sort(),
      );
      expect(item.register_updated_at).toMatch(ISO);
      expect(item.pdv).toEqual([
        { delivered_at: '2026-03-10T13:00:00.000Z', product: 'Café Torrado 500g', import_products_id: expect.any(String), data: { facings: 15 } },
      ]);
      expect(item.forms_data).toEqual([
        {
          form_id: formId,
          forms_name: 'Checklist de gôndola',
          identifier: 'FD-1',
          answers: [
            { order: '1', question: 'Prateleira cheia?', answer: 'Sim' },
            { order: '2', question: 'Quantas frentes?', answer: '4' },
          ],
        },
      ]);
      expect(item.workforce).toEqual({ mission_date: '2026-03-10T12:00:00.000Z', user_name: 'Pessoa 15', mb_key: item.mb_key, mu_key: item.mu_key });
      expect(item.delivery).toEqual([
        {
          delivery_id: expect.any(String),
          type: 'COLLECTION',
          progress: 2,
          place_name: 'Centro de Distribuição',
          address: 'Rua A, 1',
          identifier: 'STOP-1',
          started_at: '2026-03-10T12:00:00.000Z',
          finished_at: '2026-03-10T12:00:00.000Z',
          updated_at: '2026-03-10T12:00:00.000Z',
        },
      ]);
    });
  });

  describe('workforce results', () => {
    it('items have every field of spec 2.4 with their types; store duration is HH:MM:SS', async () => {
      const res = await get(a, '/v1/missions-users/workforce/reports', { mbKey: shared.mbKey });
      expect(res.body).toMatchObject({ total: 1, page: 1, itemsPerPage: 10 });
      expect(res.body.data[0]).toEqual({
        mission_date: '2026-03-11T12:00:00.000Z',
        user_name: 'João Silva',
        mission: 'Promoção Verão',
        mb_key: shared.mbKey,
        mu_key: shared.muKey,
        mission_status: 2,
        check_in_at: '2026-03-10T11:00:00.000Z',
        check_out_at: '2026-03-10T19:30:15.000Z',
        store_duration: '08:30:15',
        rating: null,
        rating_message: null,
        is_buffer: false,
        requests: null,
        is_sla: true,
        has_token_input: 'no',
      });
    });

    it('a participant who never checked in has null check-in and check-out and an empty store duration', async () => {
      const res = await get(a, '/v1/missions-users/workforce/reports', { status: 0 });
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ user_name: 'Aguardando', mission_status: 0, check_in_at: null, check_out_at: null, store_duration: '' });
    });

    it('only participants of missions with check_in_check_out are listed', async () => {
      const res = await get(a, '/v1/missions-users/workforce/reports', { search: 'Fora do workforce' });
      expect(res.body.total).toBe(0);
    });

    it('search is a case-insensitive substring match and finds accented names', async () => {
      for (const text of ['joão', 'JOÃO SILVA', 'ão sil', 'promoção', 'VERÃO']) {
        const res = await get(a, '/v1/missions-users/workforce/reports', { search: text });
        expect(res.body.data.map((item: { mu_key: string }) => item.mu_key)).toEqual([shared.muKey]);
      }
      expect((await get(a, '/v1/missions-users/workforce/reports', { search: shared.mbKey.slice(3, 9).toLowerCase() })).body.total).toBe(1);
    });

    it('LIKE wildcards in search match themselves', async () => {
      expect((await get(a, '/v1/missions-users/workforce/reports', { search: '%' })).body.total).toBe(0);
      expect((await get(a, '/v1/missions-users/workforce/reports', { search: 'Jo_o' })).body.total).toBe(0);
    });

    it('mbKey and muKey are exact matches', async () => {
      expect((await get(a, '/v1/missions-users/workforce/reports', { muKey: shared.muKey })).body.total).toBe(1);
      expect((await get(a, '/v1/missions-users/workforce/reports', { muKey: shared.muKey.slice(0, -1) })).body.total).toBe(0);
      expect((await get(a, '/v1/missions-users/workforce/reports', { mbKey: shared.mbKey.toLowerCase() })).body.total).toBe(0);
    });
  });

  describe('point-of-sale results', () => {
    it('DONE records only, with the category path from the root to the product’s parent', async () => {
      const res = await get(a, '/v1/pdv/results', { startedAt: '2026-03-10', endedAt: '2026-03-10', search: 'REG-3', itemsPerPage: 50 });
      expect(res.body.total).toBe(1);
      expect(res.body.data[0]).toEqual({
        pdv_id: expect.any(String),
        register_id: expect.any(String),
        mission: 'Combinação 3',
        mb_key: expect.stringMatching(/^MB-/),
        mu_key: expect.stringMatching(/^MU-/),
        identifier: 'REG-3',
        product: 'Café Torrado 500g',
        import_products_id: expect.any(String),
        category: ['Alimentos', 'Mercearia', 'Cafés'],
        delivered_at: '2026-03-10T13:00:00.000Z',
        updated_at: '2026-03-10T12:00:00.000Z',
        data: { facings: 3 },
      });
      const all = await get(a, '/v1/pdv/results', { startedAt: '2026-03-10', endedAt: '2026-03-10' });
      expect(all.body.total).toBe(16);
    });

    it('search covers the product name', async () => {
      expect((await get(a, '/v1/pdv/results', { startedAt: '2026-03-10', endedAt: '2026-03-10', search: 'café torrado' })).body.total).toBe(16);
    });
  });

  describe('collections and deliveries', () => {
    it('items have every field of contract section 4', async () => {
      const res = await get(a, '/v1/deliveries/results', { startedAt: '2026-03-10', endedAt: '2026-03-10', itemsPerPage: 1 });
      expect(res.body.total).toBe(16);
      expect(Object.keys(res.body.data[0]).sort()).toEqual(
        ['delivery_id', 'type', 'progress', 'place_name', 'address', 'identifier', 'mission', 'mb_key', 'mu_key', 'user_name', 'started_at', 'finished_at', 'updated_at'].sort(),
      );
      expect((await get(a, '/v1/deliveries/results', { startedAt: '2026-03-10', endedAt: '2026-03-10', progress: 1 })).body.total).toBe(0);
    });
  });

  describe('form answers', () => {
    it('one item per answered question, with the form’s integer id as a string', async () => {
      const res = await get(a, '/v1/forms-data/customers', { initialDate: '2026-03-10', finalDate: '2026-03-11', page: 1, formId });
      expect(res.body.total).toBe(32);
      expect(res.body.itemsPerPage).toBe(50);
      expect(res.body.data[0]).toEqual({
        form_name: 'Checklist de gôndola',
        form_id: String(formId),
        answer: 'Sim',
        question: 'Prateleira cheia?',
        order: '1',
        identifier: 'FD-1',
        mb_key: expect.stringMatching(/^MB-/),
        mu_key: expect.stringMatching(/^MU-/),
        user_name: expect.stringMatching(/^Pessoa /),
        answered_at: '2026-03-10T12:00:00.000Z',
      });
    });
  });

  describe('ties on the period column are broken by id (contract section 4)', () => {
    it('form answers: sixteen submissions at one instant keep each submission’s answers together, in question order', async () => {
      const res = await get(a, '/v1/forms-data/customers', { initialDate: '2026-03-10', finalDate: '2026-03-11', page: 1, formId });
      const items: { order: string; mu_key: string; answered_at: string }[] = res.body.data;
      expect(new Set(items.map((item) => item.answered_at)).size).toBe(1);
      expect(items.map((item) => item.order)).toEqual(Array.from({ length: 16 }, () => ['1', '2']).flat());
      for (let i = 0; i < items.length; i += 2) expect(items[i + 1].mu_key).toBe(items[i].mu_key);
      expect(new Set(items.map((item) => item.mu_key)).size).toBe(16);
    });

    it('deliveries: sixteen stops started at one instant come in descending id order, across pages', async () => {
      const ids: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const res = await get(a, '/v1/deliveries/results', { startedAt: '2026-03-10', endedAt: '2026-03-10', itemsPerPage: 5, page });
        ids.push(...res.body.data.map((item: { delivery_id: string }) => item.delivery_id));
      }
      expect(ids).toHaveLength(16);
      expect(ids).toEqual([...ids].sort().reverse());
    });
  });

  describe('tenant isolation: the same names and searches never cross accounts', () => {
    it.each([
      ['/v1/missions-users/workforce/reports', { search: 'João Silva' }, 1],
      ['/v1/registers/results', { search: 'REG-0' }, 1],
      ['/v1/pdv/results', { startedAt: '2026-03-10', endedAt: '2026-03-10', search: 'Café' }, 1],
      ['/v1/deliveries/results', { startedAt: '2026-03-10', endedAt: '2026-03-10' }, 1],
    ])('%s shows account B only its own rows', async (path, query, expected) => {
      const res = await get(b, path, query);
      expect(res.body.total).toBe(expected);
      const aKeys = (await env.sql.query(`SELECT mu_key FROM missions_users WHERE client_account_id = $1`, [a.accountId])).rows.map((r) => r.mu_key);
      for (const item of res.body.data) expect(aKeys).not.toContain(item.mu_key);
    });

    it('a key of another account finds nothing', async () => {
      expect((await get(b, '/v1/missions-users/workforce/reports', { mbKey: shared.mbKey })).body.total).toBe(0);
      expect((await get(b, '/v1/forms-data/customers', { initialDate: '2026-03-01', finalDate: '2026-03-31', page: 1, formId })).body.total).toBe(0);
    });
  });
});
