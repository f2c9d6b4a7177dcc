import { inMemoryHarness, newDemand } from '../../../../testing';
import { aDemandInput } from '../../../../testing/object-mothers';
import { newEvent } from '../../events/domain-event';
import { ListEventsHandler, UnknownEventCursorError } from './list-events.handler';
import { ListEventsQuery } from './list-events.query';

const AT = new Date('2026-12-01T12:00:00.000Z');

describe('ListEventsHandler', () => {
  async function setup() {
    const h = inMemoryHarness();
    const account = await h.fixtures.account();
    const events = ['e1', 'e2', 'e3'].map((id) =>
      newEvent('register.reviewed', { id, accountId: account, occurredAt: AT }, { registerId: 'r', muKey: 'MU-1', mbKey: 'MB-1', identifier: id, status: 'APPROVED' }),
    );
    await h.demands.create({ ...newDemand(account, aDemandInput()), events });
    return { handler: new ListEventsHandler(h.eventFeed), account };
  }

  it('answers each event as `{id, type, timestamp, data}`, the webhook body with its id, and whether more follow', async () => {
    const { handler, account } = await setup();
    const page = await handler.execute(new ListEventsQuery(account, { after: 'e1', types: null, limit: 1 }));
    expect(page).toEqual({
      data: [{ id: 'e2', type: 'register.reviewed', timestamp: '2026-12-01T12:00:00.000Z', data: { registerId: 'r', muKey: 'MU-1', mbKey: 'MB-1', identifier: 'e2', status: 'APPROVED' } }],
      hasMore: true,
    });
  });

  it('a cursor that names no event of the account is an invalid query parameter', async () => {
    const { handler, account } = await setup();
    const error = await handler.execute(new ListEventsQuery(account, { after: 'gone', types: null, limit: 10 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownEventCursorError);
    expect(error).toMatchObject({ kind: 'invalid', message: 'Invalid query params' });
  });
});
