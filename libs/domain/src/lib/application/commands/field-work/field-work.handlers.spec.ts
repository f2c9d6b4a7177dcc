import { inMemoryHarness } from '../../../../testing';
import { FixedClock, SequentialKeys } from '../../../../testing/test-doubles';
import { aParticipantState } from '../../../../testing/object-mothers';
import { NotFoundError } from '../../not-found.errors';
import { FinishDeliveryStopCommand, MarkPdvDoneCommand } from './field-work.commands';
import { FinishDeliveryStopHandler, MarkPdvDoneHandler } from './field-work.handlers';

const NOW = new Date('2026-12-01T15:00:00.000Z');
const STARTED = new Date('2026-12-01T12:00:00.000Z');

async function setup() {
  const harness = inMemoryHarness();
  const clock = new FixedClock(NOW);
  const keys = new SequentialKeys();
  const accountId = await harness.fixtures.account();
  harness.db.addMission(accountId, { id: 'mission-1', mbKey: 'MB-000000000001' });
  harness.db.participants.push({ ...aParticipantState({ id: 'p-1', muKey: 'MU-000000000001', missionId: 'mission-1' }), accountId });
  const pdvId = await harness.fixtures.pdvRecord(accountId, 'MU-000000000001', 'Café 500 g');
  const stopId = await harness.fixtures.stop(accountId, 'MU-000000000001', STARTED);
  return {
    ...harness,
    accountId,
    pdvId,
    stopId,
    markDone: new MarkPdvDoneHandler(harness.fieldWork, keys, clock),
    finish: new FinishDeliveryStopHandler(harness.fieldWork, keys, clock),
  };
}

describe('MarkPdvDoneHandler', () => {
  it('marks the record DONE, delivered now, and records pdv.done in the outbox', async () => {
    const { db, accountId, pdvId, markDone } = await setup();
    const state = await markDone.execute(new MarkPdvDoneCommand(accountId, pdvId));
    expect(state).toMatchObject({ id: pdvId, status: 'DONE', deliveredAt: NOW });
    expect(db.events).toEqual([
      expect.objectContaining({
        type: 'pdv.done',
        occurredAt: NOW,
        data: {
          pdvId,
          registerId: state.registerId,
          muKey: 'MU-000000000001',
          mbKey: 'MB-000000000001',
          importProductsId: state.importProductsId,
          product: 'Café 500 g',
          deliveredAt: NOW.toISOString(),
        },
      }),
    ]);
  });

  it('a record done already, or of another account, is refused and records nothing', async () => {
    const { db, accountId, pdvId, markDone, fixtures } = await setup();
    await markDone.execute(new MarkPdvDoneCommand(accountId, pdvId));
    await expect(markDone.execute(new MarkPdvDoneCommand(accountId, pdvId))).rejects.toMatchObject({ code: 'PDV_ALREADY_DONE' });
    await expect(markDone.execute(new MarkPdvDoneCommand(await fixtures.account(), pdvId))).rejects.toBeInstanceOf(NotFoundError);
    expect(db.events).toHaveLength(1);
  });
});

describe('FinishDeliveryStopHandler', () => {
  it('finishes the stop at the time given and records delivery.finished', async () => {
    const { db, accountId, stopId, finish } = await setup();
    const at = new Date('2026-12-01T12:30:00.000Z');
    await finish.execute(new FinishDeliveryStopCommand(accountId, stopId, at));
    expect(db.events.map((event) => [event.type, event.occurredAt, event.data])).toEqual([
      [
        'delivery.finished',
        at,
        {
          deliveryId: stopId,
          type: 'DELIVERY',
          muKey: 'MU-000000000001',
          mbKey: 'MB-000000000001',
          identifier: 'STOP-1',
          placeName: 'Depot',
          startedAt: STARTED.toISOString(),
          finishedAt: at.toISOString(),
        },
      ],
    ]);
  });

  it('a finish before the start is refused and records nothing', async () => {
    const { db, accountId, stopId, finish } = await setup();
    await expect(finish.execute(new FinishDeliveryStopCommand(accountId, stopId, new Date(STARTED.getTime() - 60_000)))).rejects.toMatchObject({
      code: 'FINISH_BEFORE_START',
    });
    expect(db.events).toEqual([]);
  });
});
