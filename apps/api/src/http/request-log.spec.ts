import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import pino from 'pino';
import { type AuthenticatedRequest, type NextFunction, requestLogging } from './request-pipeline';

function setUp(level: string, requestId?: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const middleware = requestLogging(pino({ level }, sink));
  const headers: Record<string, string> = requestId === undefined ? {} : { 'x-request-id': requestId };
  const req = { headers, method: 'GET', url: '/v1/registers/results?page=2', accountId: 'account-1' } as unknown as AuthenticatedRequest;
  const sent: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: false, setHeader: (name: string, value: string) => (sent[name] = value) });
  let nextCalled = false;
  middleware(req, res as unknown as ServerResponse, (() => (nextCalled = true)) as NextFunction);
  const finish = (statusCode: number) => {
    Object.assign(res, { statusCode, writableFinished: true });
    res.emit('finish');
    res.emit('close');
  };
  return { lines, sent, res, finish, nextCalled: () => nextCalled };
}

describe('request logging: every request is logged with a request id, echoed in x-request-id', () => {
  it("keeps the caller's sane x-request-id and logs one line when the response is finished", () => {
    const { lines, sent, finish, nextCalled } = setUp('info', 'trace-me-123');
    expect(sent['x-request-id']).toBe('trace-me-123');
    expect(nextCalled()).toBe(true);
    expect(lines).toHaveLength(0);
    finish(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { id: 'trace-me-123', method: 'GET', url: '/v1/registers/results?page=2' },
      res: { statusCode: 200 },
      accountId: 'account-1',
    });
    expect(typeof lines[0]['responseTime']).toBe('number');
  });

  it('replaces an x-request-id that is not a sane token with a generated one', () => {
    const { sent } = setUp('info', 'no spaces or newlines\n');
    expect(sent['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a 5xx is logged at error level even when info is off; a 2xx is then not logged at all', () => {
    const ok = setUp('error');
    ok.finish(200);
    expect(ok.lines).toHaveLength(0);
    const failed = setUp('error');
    failed.finish(503);
    expect(failed.lines).toMatchObject([{ level: 50, msg: 'request errored', res: { statusCode: 503 } }]);
  });

  it('a client gone before its response was finished is logged once, as aborted', () => {
    const { lines, res } = setUp('info');
    res.emit('close');
    res.emit('close');
    expect(lines).toMatchObject([{ level: 40, msg: 'request aborted' }]);
  });
});
