import { AlreadyDoneError, DeliveryStop, FinishBeforeStartError, PdvRecord } from './field-work';
import { InvalidInstantError } from './participant.errors';

const STARTED = new Date('2026-12-01T12:00:00.000Z');

describe('PdvRecord', () => {
  const pending = () => PdvRecord.restore({ id: 'pdv-1', registerId: 'r-1', importProductsId: 'p-1', status: 'PENDING', deliveredAt: null });

  it('"point-of-sale entries are PENDING or DONE": done once, delivered when it was done', () => {
    const record = pending();
    record.markDone(STARTED);
    expect(record.state).toEqual({ id: 'pdv-1', registerId: 'r-1', importProductsId: 'p-1', status: 'DONE', deliveredAt: STARTED });
    expect(() => record.markDone(STARTED)).toThrow(AlreadyDoneError);
    expect(() => record.markDone(STARTED)).toThrow(expect.objectContaining({ kind: 'conflict', code: 'PDV_ALREADY_DONE' }));
  });

  it('refuses an invalid time and keeps its own copy of dates', () => {
    const record = pending();
    expect(() => record.markDone(new Date('nope'))).toThrow(InvalidInstantError);
    const at = new Date(STARTED.getTime());
    record.markDone(at);
    at.setFullYear(2000);
    expect(record.state.deliveredAt).toEqual(STARTED);
  });
});

describe('DeliveryStop', () => {
  const started = () =>
    DeliveryStop.restore({ id: 's-1', type: 'COLLECTION', identifier: 'STOP-1', progress: 1, startedAt: STARTED, finishedAt: null });

  it('"progress 1 started, 2 finished": finished once', () => {
    const stop = started();
    const at = new Date('2026-12-01T12:40:00.000Z');
    stop.finish(at);
    expect(stop.state).toMatchObject({ progress: 2, finishedAt: at });
    expect(() => stop.finish(at)).toThrow(expect.objectContaining({ kind: 'conflict', code: 'STOP_ALREADY_FINISHED' }));
  });

  it('finishing at the start is allowed, before it is refused', () => {
    expect(() => started().finish(new Date(STARTED.getTime() - 1))).toThrow(FinishBeforeStartError);
    const stop = started();
    stop.finish(STARTED);
    expect(stop.state.finishedAt).toEqual(STARTED);
  });
});
