import { EventEmitter } from 'node:events';
import { clientGoneSignal } from './client-gone';

type Raw = Parameters<typeof clientGoneSignal>[0]['raw'];

function response(finished: boolean): Raw {
  return Object.assign(new EventEmitter(), { writableFinished: finished }) as unknown as Raw;
}

describe('clientGoneSignal: work waiting for a client that left can give up', () => {
  it('aborts when the connection closes before the response was sent', () => {
    const res = response(false);
    const signal = clientGoneSignal({ raw: res });
    expect(signal.aborted).toBe(false);
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort when the response was sent before the connection closed', () => {
    const res = response(true);
    const signal = clientGoneSignal({ raw: res });
    res.emit('close');
    expect(signal.aborted).toBe(false);
  });
});
