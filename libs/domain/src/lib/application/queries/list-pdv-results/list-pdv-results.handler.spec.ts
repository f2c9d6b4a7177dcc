import { CannedReadModel } from '../../../../testing/test-doubles';
import type { DomainConfig } from '../../ports/domain-config.port';
import { ListPdvResultsHandler } from './list-pdv-results.handler';
import { ListPdvResultsQuery, type PdvParams } from './list-pdv-results.query';
import type { PdvResultItem } from './pdv-result.item';
import type { PdvFilter } from './pdv-results.read-model.port';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const CONFIG: DomainConfig = { reportTimeZone: 'Asia/Kolkata', slaToleranceMinutes: 15 };
const PARAMS: PdvParams = {
  startedAt: '2026-03-10',
  endedAt: '2026-03-10',
  page: 1,
  itemsPerPage: 10,
  mbKey: null,
  muKey: 'MU-000000000001',
  search: 'café',
};
const PDV: PdvResultItem = {
  pdv_id: '00000000-0000-4000-8000-0000000000e1',
  register_id: '00000000-0000-4000-8000-0000000000f1',
  mission: 'Reposição',
  mb_key: 'MB-000000000001',
  mu_key: 'MU-000000000001',
  identifier: 'REG-1',
  product: 'Café Torrado 500g',
  import_products_id: '00000000-0000-4000-8000-0000000000c1',
  category: ['Alimentos', 'Mercearia', 'Cafés'],
  delivered_at: '2026-03-10T13:00:00.000Z',
  updated_at: '2026-03-10T13:00:00.000Z',
  data: { facings: 4, shelf: { row: 2 } },
};

function setup(rows: PdvResultItem[] = [PDV], total = rows.length) {
  const pdv = new CannedReadModel<PdvFilter, PdvResultItem>(rows, total);
  const handler = new ListPdvResultsHandler(pdv, CONFIG);
  const list = (params: Partial<PdvParams> = {}, accountId = ACCOUNT) => handler.execute(new ListPdvResultsQuery(accountId, { ...PARAMS, ...params }));
  return { pdv, list };
}

describe('ListPdvResultsHandler', () => {
  it('"Envelope {total, page, itemsPerPage, data}": the read model\'s total and items as they are, "data (the stored JSON)" included', async () => {
    const { pdv, list } = setup([PDV], 12);
    expect(await list({ page: 2, itemsPerPage: 7 })).toEqual({ total: 12, page: 2, itemsPerPage: 7, data: [PDV] });
    expect(pdv.calls[0].request).toMatchObject({ page: 2, itemsPerPage: 7 });
  });

  it('"a page past the end has data: [] and the true total"', async () => {
    const { list } = setup([], 12);
    expect(await list({ page: 3 })).toEqual({ total: 12, page: 3, itemsPerPage: 10, data: [] });
  });

  it('"startedAt..endedAt covers whole days, both ends included, in the reporting time zone REPORT_TIME_ZONE", beside mbKey, muKey and search as given', async () => {
    const { pdv, list } = setup();
    await list();
    expect(pdv.calls[0].filter).toMatchObject({
      period: { from: new Date('2026-03-09T18:30:00.000Z'), before: new Date('2026-03-10T18:30:00.000Z') },
      mbKey: null,
      muKey: 'MU-000000000001',
      search: 'café',
    } satisfies PdvFilter);
  });

  it('"Everything a request reads or writes is scoped by the authenticated account"', async () => {
    const { pdv, list } = setup();
    await list({}, 'another-account');
    expect(pdv.calls.map((call) => call.accountId)).toEqual(['another-account']);
  });
});
