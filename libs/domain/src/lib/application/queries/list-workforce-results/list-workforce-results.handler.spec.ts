import { CannedReadModel } from '../../../../testing/test-doubles';
import { MissionStatus } from '../../../model/mission-status';
import type { DomainConfig } from '../../ports/domain-config.port';
import { ListWorkforceResultsHandler } from './list-workforce-results.handler';
import { ListWorkforceResultsQuery, type WorkforceParams } from './list-workforce-results.query';
import type { WorkforceFilter, WorkforceResultRow } from './workforce-results.read-model.port';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const CONFIG: DomainConfig = { reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 };
const PARAMS: WorkforceParams = {
  page: 2,
  itemsPerPage: 10,
  startedAt: null,
  endedAt: null,
  status: null,
  mbKey: null,
  muKey: null,
  search: null,
};
const ROW: WorkforceResultRow = {
  mission_date: '2026-03-11T12:00:00.000Z',
  user_name: 'João Silva',
  mission: 'Promoção Verão',
  mb_key: 'MB-000000000001',
  mu_key: 'MU-000000000001',
  mission_status: MissionStatus.FINISHED,
  check_in_at: '2026-03-10T11:00:00.000Z',
  check_out_at: '2026-03-10T19:30:15.000Z',
  rating: 5,
  rating_message: 'Ótimo',
  is_buffer: false,
  requests: ['uniforme'],
  is_sla: true,
  token_input: null,
};

function setup(rows: WorkforceResultRow[] = [ROW], total = rows.length) {
  const results = new CannedReadModel<WorkforceFilter, WorkforceResultRow>(rows, total);
  const handler = new ListWorkforceResultsHandler(results, CONFIG);
  const list = (params: Partial<WorkforceParams> = {}, accountId = ACCOUNT) =>
    handler.execute(new ListWorkforceResultsQuery(accountId, { ...PARAMS, ...params }));
  return { results, list };
}

describe('ListWorkforceResultsHandler', () => {
  it('"Envelope {total, page, itemsPerPage, data}": the read model\'s total, under the requested page and page size', async () => {
    const { results, list } = setup([ROW], 31);
    expect(await list()).toEqual({ total: 31, page: 2, itemsPerPage: 10, data: [expect.objectContaining({ mu_key: ROW.mu_key })] });
    expect(results.calls[0].request).toMatchObject({ page: 2, itemsPerPage: 10 });
  });

  it('"Workforce item: as spec 2.4": every field of the row but the stored token, and the two the handler derives', async () => {
    const { list } = setup();
    const { token_input: _stored, ...fields } = ROW;
    expect((await list()).data).toEqual([{ ...fields, store_duration: '08:30:15', has_token_input: 'no' }]);
  });

  it.each([
    ['checked in and out', '2026-03-10T11:00:00.000Z', '2026-03-10T19:30:15.000Z', '08:30:15'],
    ['checked in, not out', '2026-03-10T08:00:00.000Z', null, ''],
    ['never checked in', null, null, ''],
  ])('"store_duration is HH:MM:SS between check-in and check-out, "" while not checked out": %s', async (_case, checkIn, checkOut, duration) => {
    const { list } = setup([{ ...ROW, check_in_at: checkIn, check_out_at: checkOut }]);
    expect((await list()).data[0]).toMatchObject({ check_in_at: checkIn, check_out_at: checkOut, store_duration: duration });
  });

  it.each([
    [null, 'no'],
    ['4821', 'yes'],
  ] as const)('"has_token_input is \'yes\' or \'no\'": a stored token %p answers %p', async (token, answer) => {
    const { list } = setup([{ ...ROW, token_input: token }]);
    expect((await list()).data[0].has_token_input).toBe(answer);
  });

  it('"startedAt..endedAt covers whole days, both ends included, in the reporting time zone REPORT_TIME_ZONE", beside status, mbKey, muKey and search as given', async () => {
    const { results, list } = setup();
    await list({ startedAt: '2026-03-10', endedAt: '2026-03-12', status: MissionStatus.STARTED, mbKey: 'MB-1', muKey: 'MU-1', search: 'joão' });
    expect(results.calls[0].filter).toMatchObject({
      period: { from: new Date('2026-03-10T03:00:00.000Z'), before: new Date('2026-03-13T03:00:00.000Z') },
      status: MissionStatus.STARTED,
      mbKey: 'MB-1',
      muKey: 'MU-1',
      search: 'joão',
    } satisfies WorkforceFilter);
  });

  it('startedAt and endedAt are optional: a missing one leaves its side of the period open', async () => {
    const { results, list } = setup();
    await list({ startedAt: '2026-03-10' });
    await list({ endedAt: '2026-03-10' });
    expect(results.calls.map((call) => call.filter.period)).toEqual([
      { from: new Date('2026-03-10T03:00:00.000Z'), before: null },
      { from: null, before: new Date('2026-03-11T03:00:00.000Z') },
    ]);
  });

  it('"Everything a request reads or writes is scoped by the authenticated account"', async () => {
    const { results, list } = setup();
    await list({}, 'another-account');
    expect(results.calls.map((call) => call.accountId)).toEqual(['another-account']);
  });
});
