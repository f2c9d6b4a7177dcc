import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { clientGoneSignal } from './client-gone';

function response(finished: boolean): Response {
  return Object.assign(new EventEmitter(), { writableFinished: finished }) as unknown as Response;
}

describe('clientGoneSignal: work waiting for a client that left can give up', () => {
  it('aborts when the connection closes before the response was sent', () => {
    const res = response(false);
    const signal = clientGoneSignal(res);
    expect(signal.aborted).toBe(false);
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort when the response was sent before the connection closed', () => {
    const res = response(true);
    const signal = clientGoneSignal(res);
    res.emit('close');
    expect(signal.aborted).toBe(false);
  });
});
