import { CannedReadModel, FakeResultCache } from '../../../../testing/test-doubles';
import type { DomainConfig } from '../../ports/domain-config.port';
import type { CachedListing } from '../cached-listing';
import type { DeliveryResultItem } from './delivery-result.item';
import type { DeliveryFilter } from './delivery-results.read-model.port';
import { ListDeliveryResultsHandler } from './list-delivery-results.handler';
import { type DeliveryParams, ListDeliveryResultsQuery } from './list-delivery-results.query';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const OTHER_ACCOUNT = '00000000-0000-4000-8000-00000000000b';
const CONFIG: DomainConfig = { reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 };
const PARAMS: DeliveryParams = {
  startedAt: '2026-03-10',
  endedAt: '2026-03-10',
  page: 3,
  itemsPerPage: 5,
  progress: 2,
  mbKey: 'MB-000000000001',
  muKey: null,
};
const STOP: DeliveryResultItem = {
  delivery_id: '00000000-0000-4000-8000-0000000000d1',
  type: 'COLLECTION',
  progress: 2,
  place_name: 'Centro de Distribuição',
  address: 'Rua A, 1',
  identifier: 'STOP-1',
  mission: 'Coleta',
  mb_key: 'MB-000000000001',
  mu_key: 'MU-000000000001',
  user_name: 'Ana',
  started_at: '2026-03-10T12:00:00.000Z',
  finished_at: '2026-03-10T13:00:00.000Z',
  updated_at: '2026-03-10T13:00:00.000Z',
};

function setup() {
  const deliveries = new CannedReadModel<DeliveryFilter, DeliveryResultItem>([STOP], 11);
  const cache = new FakeResultCache();
  const handler = new ListDeliveryResultsHandler(deliveries, cache, CONFIG);
  const list = (params: DeliveryParams = PARAMS, accountId = ACCOUNT) => handler.execute(new ListDeliveryResultsQuery(accountId, params));
  return { deliveries, cache, list };
}

const body = (listing: CachedListing): unknown => JSON.parse(listing.json);

describe('ListDeliveryResultsHandler', () => {
  it('"Envelope {total, page, itemsPerPage, data}": the read model\'s total and rows, under the requested page and page size', async () => {
    const { deliveries, list } = setup();
    expect(body(await list())).toEqual({ total: 11, page: 3, itemsPerPage: 5, data: [STOP] });
    expect(deliveries.calls[0].request).toMatchObject({ page: 3, itemsPerPage: 5 });
  });

  it('"startedAt..endedAt covers whole days, both ends included, in the reporting time zone REPORT_TIME_ZONE", with progress, mbKey and muKey as given', async () => {
    const { deliveries, list } = setup();
    await list();
    expect(deliveries.calls[0].filter).toMatchObject({
      period: { from: new Date('2026-03-10T03:00:00.000Z'), before: new Date('2026-03-11T03:00:00.000Z') },
      progress: 2,
      mbKey: 'MB-000000000001',
      muKey: null,
    } satisfies DeliveryFilter);
  });

  it('"Everything a request reads or writes is scoped by the authenticated account"', async () => {
    const { deliveries, list } = setup();
    await list(PARAMS, OTHER_ACCOUNT);
    expect(deliveries.calls.map((call) => call.accountId)).toEqual([OTHER_ACCOUNT]);
  });

  describe('"cached for 1 hour per client account and normalised query"', () => {
    it('a miss is read from the read model and kept for 3,600 s', async () => {
      const { deliveries, cache, list } = setup();
      const listing = await list();
      expect(listing.maxAgeSeconds).toBe(3600);
      expect([...cache.entries.values()]).toEqual([{ value: listing.json, ttlSeconds: 3600 }]);
      expect(deliveries.calls).toHaveLength(1);
    });

    it('a second identical query within the hour is answered from the cache, even after the rows change', async () => {
      const { deliveries, list } = setup();
      const first = await list();
      deliveries.rows = [];
      deliveries.total = 0;
      expect((await list()).json).toBe(first.json);
      expect(deliveries.calls).toHaveLength(1);
    });

    it('"Cache-Control: private, max-age=<seconds left>": a hit carries the seconds its entry has left', async () => {
      const { cache, list } = setup();
      const first = await list();
      for (const entry of cache.entries.values()) entry.ttlSeconds = 59;
      expect(await list()).toEqual({ json: first.json, maxAgeSeconds: 59 });
    });

    it('"parameter order does not split the cache"', async () => {
      const { deliveries, list } = setup();
      await list();
      await list({ muKey: null, mbKey: 'MB-000000000001', progress: 2, itemsPerPage: 5, page: 3, endedAt: '2026-03-10', startedAt: '2026-03-10' });
      expect(deliveries.calls).toHaveLength(1);
    });

    it('another query, or the same query of another client account, is an entry of its own', async () => {
      const { deliveries, cache, list } = setup();
      await list();
      await list({ ...PARAMS, progress: 1 });
      await list(PARAMS, OTHER_ACCOUNT);
      expect(deliveries.calls.map((call) => [call.accountId, call.filter.progress])).toEqual([
        [ACCOUNT, 2],
        [ACCOUNT, 1],
        [OTHER_ACCOUNT, 2],
      ]);
      expect(cache.entries.size).toBe(3);
    });

    it('"the cache is an optimisation only: when the cache store is down the listing is served from the database"', async () => {
      const { deliveries, cache, list } = setup();
      cache.down = true;
      const listings = [await list(), await list()];
      expect(listings.map(body)).toEqual([
        { total: 11, page: 3, itemsPerPage: 5, data: [STOP] },
        { total: 11, page: 3, itemsPerPage: 5, data: [STOP] },
      ]);
      expect(deliveries.calls).toHaveLength(2);
    });
  });
});
