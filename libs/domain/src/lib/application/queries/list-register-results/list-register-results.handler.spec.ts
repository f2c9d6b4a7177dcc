import { CannedReadModel } from '../../../../testing/test-doubles';
import type { DomainConfig } from '../../ports/domain-config.port';
import { ListRegisterResultsHandler } from './list-register-results.handler';
import { ListRegisterResultsQuery, type RegisterParams } from './list-register-results.query';
import type { RegisterResultItem } from './register-result.item';
import type { RegisterFilter } from './register-results.read-model.port';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const CONFIG: DomainConfig = { reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 };
const PARAMS: RegisterParams = { page: 1, itemsPerPage: 10, startedAt: null, endedAt: null, mbKey: null, muKey: null, search: null };

const FLAGS = ['has_pos', 'has_forms', 'check_in_check_out', 'has_delivery_places'] as const;
type Flag = (typeof FLAGS)[number];
const BLOCK_OF = { has_pos: 'pdv', has_forms: 'forms_data', check_in_check_out: 'workforce', has_delivery_places: 'delivery' } as const;

/** As the read model answers it: every block, whatever the flags. */
const REGISTER: RegisterResultItem = {
  register_id: '00000000-0000-4000-8000-0000000000f1',
  register_updated_at: '2026-03-10T12:15:00.000Z',
  mission_id: '00000000-0000-4000-8000-0000000000b1',
  missions_main_id: '00000000-0000-4000-8000-0000000000a1',
  mb_key: 'MB-000000000001',
  mu_key: 'MU-000000000001',
  mission: 'Combinação',
  identifier: 'REG-1',
  has_pos: true,
  has_forms: true,
  check_in_check_out: true,
  has_delivery_places: true,
  pdv: [{ delivered_at: '2026-03-10T13:00:00.000Z', product: 'Café Torrado 500g', import_products_id: '00000000-0000-4000-8000-0000000000c1', data: { facings: 4 } }],
  forms_data: [{ form_id: 7, forms_name: 'Checklist', identifier: 'FD-1', answers: [{ order: '1', question: 'Prateleira cheia?', answer: 'Sim' }] }],
  workforce: { mission_date: '2026-03-10T12:00:00.000Z', user_name: 'Ana', mb_key: 'MB-000000000001', mu_key: 'MU-000000000001' },
  delivery: [
    {
      delivery_id: '00000000-0000-4000-8000-0000000000d1',
      type: 'COLLECTION',
      progress: 2,
      place_name: 'Centro de Distribuição',
      address: 'Rua A, 1',
      identifier: 'STOP-1',
      started_at: '2026-03-10T12:00:00.000Z',
      finished_at: '2026-03-10T12:30:00.000Z',
      updated_at: '2026-03-10T12:30:00.000Z',
    },
  ],
};

/** Every combination of the four flags of a main mission. */
const COMBINATIONS = Array.from({ length: 16 }, (_, bits) =>
  Object.fromEntries(FLAGS.map((flag, i) => [flag, Boolean(bits & (1 << i))])) as Record<Flag, boolean>,
);

function setup(rows: RegisterResultItem[] = [REGISTER], total = rows.length) {
  const registers = new CannedReadModel<RegisterFilter, RegisterResultItem>(rows, total);
  const handler = new ListRegisterResultsHandler(registers, CONFIG);
  const list = (params: Partial<RegisterParams> = {}, accountId = ACCOUNT) =>
    handler.execute(new ListRegisterResultsQuery(accountId, { ...PARAMS, ...params }));
  return { registers, list };
}

describe('ListRegisterResultsHandler', () => {
  it('"Envelope {total, page, itemsPerPage, data}": the read model\'s total, under the requested page and page size', async () => {
    const { registers, list } = setup([REGISTER], 40);
    expect(await list({ page: 4, itemsPerPage: 10 })).toEqual({ total: 40, page: 4, itemsPerPage: 10, data: [REGISTER] });
    expect(registers.calls[0].request).toMatchObject({ page: 4, itemsPerPage: 10 });
  });

  it.each(COMBINATIONS.map((flags, index) => [index, flags] as const))(
    '"Blocks are present exactly when their flag is true, and absent (no key) when false": combination %i',
    async (_index, flags) => {
      const { list } = setup([{ ...REGISTER, ...flags }]);
      const [item] = (await list()).data;
      for (const flag of FLAGS) {
        expect(item[flag]).toBe(flags[flag]);
        expect(Object.hasOwn(item, BLOCK_OF[flag])).toBe(flags[flag]);
        if (flags[flag]) expect(item[BLOCK_OF[flag]]).toEqual(REGISTER[BLOCK_OF[flag]]);
      }
    },
  );

  it('"present exactly when their flag is true": a flagged pdv, forms_data or delivery block with no entries is []', async () => {
    const { pdv: _pdv, forms_data: _forms, delivery: _delivery, ...withoutEntries } = REGISTER;
    const { list } = setup([withoutEntries]);
    expect((await list()).data[0]).toMatchObject({ pdv: [], forms_data: [], delivery: [] });
  });

  it('"startedAt..endedAt covers whole days, both ends included, in the reporting time zone REPORT_TIME_ZONE", beside mbKey, muKey and search as given', async () => {
    const { registers, list } = setup();
    await list({ startedAt: '2026-03-10', endedAt: '2026-03-10', mbKey: 'MB-1', muKey: 'MU-1', search: 'reg-1' });
    expect(registers.calls[0].filter).toMatchObject({
      period: { from: new Date('2026-03-10T03:00:00.000Z'), before: new Date('2026-03-11T03:00:00.000Z') },
      mbKey: 'MB-1',
      muKey: 'MU-1',
      search: 'reg-1',
    } satisfies RegisterFilter);
  });

  it('startedAt and endedAt are optional: without them the period is open', async () => {
    const { registers, list } = setup();
    await list();
    expect(registers.calls[0].filter.period).toEqual({ from: null, before: null });
  });

  it('"Everything a request reads or writes is scoped by the authenticated account"', async () => {
    const { registers, list } = setup();
    await list({}, 'another-account');
    expect(registers.calls.map((call) => call.accountId)).toEqual(['another-account']);
  });
});
