import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { authFailureRefusals, rateLimitRefusals } from '@mwr/metrics';
import { json } from 'body-parser';
import type { Logger } from 'pino';
import { addressKey, type AuthFailureLimiter } from './auth-failure-limiter';
import type { Authenticator } from './authenticator';
import type { RateLimitStore } from './instance-coordination';
import { RequestError } from './request-error';

/**
 * What the steps below read of a request: Fastify's request (`configure-app.ts` runs them as its
 * `onRequest` hooks), which controllers receive as `@Req()`. `accountId` is the authenticated client
 * account, set by `authenticate`.
 */
export interface AuthenticatedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly method: string;
  readonly url: string;
  readonly ip: string;
  readonly body?: unknown;
  accountId?: string;
}

/** A step of the pipeline: node's response for headers, `next(error)` to answer with the error. */
type Response = Pick<ServerResponse, 'setHeader'>;
export type NextFunction = (error?: unknown) => void;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A request id (the caller's `x-request-id` when sane, echoed back) and one structured log line per
 * request once its response is finished or its client gone. Written here rather than with pino-http,
 * which built a child logger and serialised the request for every request, even below the log level:
 * 8.5 % of the service's CPU time under load (docs/benchmarks.md, "Where the HTTP time goes"). The
 * line keeps pino-http's shape: `req: {id, method, url}`, `res: {statusCode}`, `responseTime` in ms.
 */
export function requestLogging(logger: Logger) {
  return (req: AuthenticatedRequest, res: ServerResponse, next: NextFunction) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    const started = performance.now();
    const { method, url } = req;
    const done = () => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      const statusCode = res.statusCode;
      const level = statusCode >= 500 ? 'error' : res.writableFinished ? 'info' : 'warn';
      if (!logger.isLevelEnabled(level)) return;
      const line = { req: { id, method, url }, res: { statusCode }, accountId: req.accountId, responseTime: Math.round(performance.now() - started) };
      logger[level](line, level === 'error' ? 'request errored' : res.writableFinished ? 'request completed' : 'request aborted');
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}

function header(req: AuthenticatedRequest, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
}

function tooManyRequests(res: Response, retryAfterSeconds: number): RequestError {
  res.setHeader('Retry-After', String(retryAfterSeconds));
  return new RequestError(429, 'Too many requests');
}

/**
 * Runs before the body is read, so that authentication comes before any validation. An attempt
 * that names a client id and a secret is first checked against the failure limits, before the
 * database is asked (docs/adr/0012); missing credentials cost nothing and answer 401 at once.
 */
export function authenticate(authenticator: Authenticator, failures: AuthFailureLimiter | null) {
  return (req: AuthenticatedRequest, res: Response, next: NextFunction) => {
    const clientId = header(req, 'client-id');
    const clientSecret = header(req, 'client-secret');
    const limited = failures !== null && clientId !== '' && clientSecret !== '' ? failures : null;
    const address = addressKey(req.ip);
    const retryAfter = limited?.check(clientId, address) ?? 0;
    if (retryAfter > 0) {
      authFailureRefusals.inc();
      return next(tooManyRequests(res, retryAfter));
    }
    authenticator
      .authenticate(clientId, clientSecret)
      .then((accountId) => {
        if (accountId === null) {
          limited?.failed(clientId, address);
          return next(RequestError.unauthenticated());
        }
        limited?.succeeded(clientId, address);
        req.accountId = accountId;
        next();
      })
      .catch(next);
  };
}

/** After authentication: the limit is per client account. */
export function limitRate(limit: RateLimitStore) {
  return (req: AuthenticatedRequest, res: Response, next: NextFunction) => {
    limit
      .take(req.accountId as string)
      .then((retryAfter) => {
        if (retryAfter === 0) return next();
        rateLimitRefusals.inc();
        next(tooManyRequests(res, retryAfter));
      })
      .catch(next);
  };
}

/**
 * Report data is private to one client account, and the credentials travel in custom headers that
 * shared caches do not recognise: nothing under /v1 may be stored unless a listing says otherwise.
 */
export function privateByDefault(_req: AuthenticatedRequest, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

/** Sent with every answer: a browser must not guess another type than the one declared. */
export function noSniff(_req: AuthenticatedRequest, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
}

export const MAX_BODY_BYTES = 1024 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The media type named by the header, whether or not a body came with it. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Content type (415), before the body is read and whether or not one came: for the methods that take
 * a body, on the routes that exist (a path that does not exist is 404 whatever its body). A GET's
 * body is never read: Fastify reads none for GET and HEAD, and `parseJsonBody` none for DELETE.
 */
export function requireJson(req: AuthenticatedRequest & { is404?: boolean }, _res: Response, next: NextFunction) {
  if (req.is404 || !BODY_METHODS.has(req.method) || mediaType(req.headers['content-type']) === 'application/json') return next();
  next(new RequestError(415, 'Content-Type must be application/json'));
}

/**
 * Fastify's content-type parser for every type (`requireJson` has refused the others by then):
 * body-parser's JSON reader on node's request, which refuses a declared length over the limit
 * before reading a byte (413), then reads at most the limit, then parses (400). Its errors keep
 * their `type`, which the error filter turns into the contract's messages.
 */
export function parseJsonBody() {
  const parse = json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });
  return (request: { method: string; is404?: boolean; raw: IncomingMessage }, _payload: unknown, done: (error: Error | null, body?: unknown) => void) => {
    if (request.is404 || !BODY_METHODS.has(request.method)) return done(null, undefined);
    const raw = request.raw as IncomingMessage & { body?: unknown };
    parse(raw, {} as ServerResponse, (error?: unknown) => (error ? done(error as Error) : done(null, raw.body)));
  };
}
