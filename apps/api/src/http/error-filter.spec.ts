import { BadRequestException, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { DemandRuleError, IdempotencyConflictError, InvalidShiftError, NotFoundError, InvalidTransitionError, MissionStatus } from '@mwr/domain';
import { DatabaseBusyError } from '@mwr/persistence';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { ErrorFilter } from './error-filter';
import { RequestError } from './request-error';

function respond(error: unknown, filter = new ErrorFilter()) {
  const sent: { status?: number; type?: string; body?: string } = {};
  // The part of Fastify's reply the filter uses.
  const response = {
    sent: false,
    raw: { headersSent: false },
    code(code: number) {
      sent.status = code;
      return this;
    },
    type(value: string) {
      sent.type = value;
      return this;
    },
    send(body: string) {
      sent.body = body;
      return this;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  filter.catch(error, host);
  return { status: sent.status, type: sent.type, body: JSON.parse(sent.body as string) };
}

function parserError(type: string, status: number) {
  return new HttpException('raw parser text', status, { cause: Object.assign(new Error('raw parser text'), { type }) });
}

describe('ErrorFilter: the one map from errors to contract section 3', () => {
  const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  beforeEach(() => logged.mockClear());

  it.each([
    ['an authentication failure', RequestError.unauthenticated(), 401, 'Client ID ou Client Secret inválido ou ausente.'],
    ['a malformed field', RequestError.invalid('missionMainId must be a UUID'), 400, 'missionMainId must be a UUID'],
    ['an invalid domain value', new InvalidShiftError('x', 'bad'), 400, undefined],
    ['a broken business rule', new DemandRuleError('SHIFTS_REQUIRED', 'A workforce demand requires at least one shift'), 422, 'A workforce demand requires at least one shift'],
    ['an unknown id, or another account\'s (contract section 7: the same answer)', NotFoundError.demand('d-1'), 404, 'Not found'],
    ['an idempotency conflict', new IdempotencyConflictError('IDEMPOTENCY_KEY_IN_FLIGHT'), 409, 'A request with this Idempotency-Key is still in flight'],
    ['a refused transition', new InvalidTransitionError(MissionStatus.WAITING, MissionStatus.FINISHED, 'finish'), 409, undefined],
    ['an unknown route', new NotFoundException('Cannot GET /x'), 404, 'Not found'],
    ['a body over the limit', parserError('entity.too.large', 413), 413, 'Request body too large'],
    ['a JSON syntax error', parserError('entity.parse.failed', 400), 400, 'Invalid JSON body'],
    ['a database that refuses connections', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 503, 'Service unavailable'],
    ['a database that was shut down', Object.assign(new Error('terminating connection'), { code: '57P01' }), 503, 'Service unavailable'],
    ['a transaction whose connection broke between two statements', new QueryRunnerAlreadyReleasedError(), 503, 'Service unavailable'],
    ['a statement whose connection broke under it', new QueryFailedError('INSERT', [], new Error('Connection terminated unexpectedly')), 503, 'Service unavailable'],
    ['a client the driver already knows is broken', new Error('Client has encountered a connection error and is not queryable'), 503, 'Service unavailable'],
    ['a pool that waited too long for a connection', new Error('timeout exceeded when trying to connect'), 503, 'Service unavailable'],
    ['a search that found no place in the bulkhead within DATABASE_TIMEOUT_MS', new DatabaseBusyError(15_000), 503, 'Service unavailable'],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')"), 500, 'Internal server error'],
    ['an SQL error', Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }), 500, 'Internal server error'],
    ['a thrown non-error', 'boom', 500, 'Internal server error'],
  ])('%s', (_case, error, status, message) => {
    const sent = respond(error);
    expect(sent.status).toBe(status);
    expect(sent.type).toBe('application/json; charset=utf-8');
    expect(Object.keys(sent.body)).toEqual(['error']);
    if (message !== undefined) expect(sent.body.error).toBe(message);
    // Server-side failures are logged for operators; client errors are not noise in the error log.
    expect(logged).toHaveBeenCalledTimes(status >= 500 ? 1 : 0);
  });

  it('an outage that fails every request is logged once per kind of failure, with the count of the others', () => {
    const filter = new ErrorFilter();
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 500; i++) expect(respond(refused(), filter).status).toBe(503);
    respond(new TypeError('a bug'), filter);
    respond(new TypeError('a bug'), filter);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0][0]).toContain('connect ECONNREFUSED');
    expect(logged.mock.calls[1][0]).toContain('a bug');
    // 500 refusals: the first line, and at shutdown the last one held back with the other 498.
    filter.flushFailureLog();
    expect(logged).toHaveBeenCalledTimes(4);
    expect(logged.mock.calls[2][0]).toContain('connect ECONNREFUSED');
    expect(logged.mock.calls[2][0]).toContain('498 more like it not logged since the last report');
    expect(logged.mock.calls[3][0]).toContain('a bug');
  });

  it('a 4xx HttpException of the framework keeps its status', () => {
    expect(respond(new BadRequestException('Bad')).status).toBe(400);
  });
});
