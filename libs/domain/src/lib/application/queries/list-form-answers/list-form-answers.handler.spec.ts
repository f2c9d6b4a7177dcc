import { CannedReadModel, FakeResultCache } from '../../../../testing/test-doubles';
import type { DomainConfig } from '../../ports/domain-config.port';
import type { CachedListing } from '../cached-listing';
import type { FormAnswerItem } from './form-answer.item';
import type { FormAnswersFilter } from './form-answers.read-model.port';
import { ListFormAnswersHandler } from './list-form-answers.handler';
import { type FormAnswersParams, ListFormAnswersQuery } from './list-form-answers.query';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const OTHER_ACCOUNT = '00000000-0000-4000-8000-00000000000b';
const CONFIG: DomainConfig = { reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 };
const PARAMS: FormAnswersParams = { initialDate: '2026-03-10', finalDate: '2026-03-11', page: 2, formId: 7 };
const ANSWER: FormAnswerItem = {
  form_name: 'Checklist',
  form_id: '7',
  answer: 'Sim',
  question: 'Prateleira cheia?',
  order: '1',
  identifier: 'FD-1',
  mb_key: 'MB-000000000001',
  mu_key: 'MU-000000000001',
  user_name: 'Ana',
  answered_at: '2026-03-10T12:00:00.000Z',
};

function setup() {
  const answers = new CannedReadModel<FormAnswersFilter, FormAnswerItem>([ANSWER], 51);
  const cache = new FakeResultCache();
  const handler = new ListFormAnswersHandler(answers, cache, CONFIG);
  const list = (params: FormAnswersParams = PARAMS, accountId = ACCOUNT) => handler.execute(new ListFormAnswersQuery(accountId, params));
  return { answers, cache, list };
}

const body = (listing: CachedListing): unknown => JSON.parse(listing.json);

describe('ListFormAnswersHandler', () => {
  it('"Envelope {total, page, itemsPerPage, data}": the read model\'s total and rows, under the requested page', async () => {
    const { list } = setup();
    expect(body(await list())).toEqual({ total: 51, page: 2, itemsPerPage: 50, data: [ANSWER] });
  });

  it('"page size fixed at 50": the read model is asked for the requested page of 50', async () => {
    const { answers, list } = setup();
    await list();
    expect(answers.calls[0].request).toEqual({ page: 2, itemsPerPage: 50 });
  });

  it('"initialDate..finalDate covers whole days, both ends included, in the reporting time zone REPORT_TIME_ZONE", for the form asked', async () => {
    const { answers, list } = setup();
    await list();
    expect(answers.calls[0].filter).toEqual({
      formId: 7,
      period: { from: new Date('2026-03-10T03:00:00.000Z'), before: new Date('2026-03-12T03:00:00.000Z') },
    });
  });

  it('"Everything a request reads or writes is scoped by the authenticated account"', async () => {
    const { answers, list } = setup();
    await list(PARAMS, OTHER_ACCOUNT);
    expect(answers.calls.map((call) => call.accountId)).toEqual([OTHER_ACCOUNT]);
  });

  describe('"cached for 1 hour per client account and normalised query"', () => {
    it('a miss is read from the read model and kept for 3,600 s', async () => {
      const { answers, cache, list } = setup();
      const listing = await list();
      expect(listing.maxAgeSeconds).toBe(3600);
      expect([...cache.entries.values()]).toEqual([{ value: listing.json, ttlSeconds: 3600 }]);
      expect(answers.calls).toHaveLength(1);
    });

    it('a second identical query within the hour is answered from the cache, even after the rows change', async () => {
      const { answers, list } = setup();
      const first = await list();
      answers.rows = [];
      answers.total = 0;
      expect((await list()).json).toBe(first.json);
      expect(answers.calls).toHaveLength(1);
    });

    it('"Cache-Control: private, max-age=<seconds left>": a hit carries the seconds its entry has left', async () => {
      const { cache, list } = setup();
      const first = await list();
      for (const entry of cache.entries.values()) entry.ttlSeconds = 1200;
      expect(await list()).toEqual({ json: first.json, maxAgeSeconds: 1200 });
    });

    it('"parameter order does not split the cache"', async () => {
      const { answers, list } = setup();
      await list();
      await list({ formId: 7, page: 2, finalDate: '2026-03-11', initialDate: '2026-03-10' });
      expect(answers.calls).toHaveLength(1);
    });

    it('another query, or the same query of another client account, is an entry of its own', async () => {
      const { answers, cache, list } = setup();
      await list();
      await list({ ...PARAMS, page: 3 });
      await list(PARAMS, OTHER_ACCOUNT);
      expect(answers.calls.map((call) => [call.accountId, call.request.page])).toEqual([
        [ACCOUNT, 2],
        [ACCOUNT, 3],
        [OTHER_ACCOUNT, 2],
      ]);
      expect(cache.entries.size).toBe(3);
    });

    it('"the cache is an optimisation only: when the cache store is down the listing is served from the database"', async () => {
      const { answers, cache, list } = setup();
      cache.down = true;
      const listings = [await list(), await list()];
      expect(listings.map(body)).toEqual([
        { total: 51, page: 2, itemsPerPage: 50, data: [ANSWER] },
        { total: 51, page: 2, itemsPerPage: 50, data: [ANSWER] },
      ]);
      expect(answers.calls).toHaveLength(2);
    });
  });
});
