import { randomUUID } from 'node:crypto';
import { authFailureRefusals, rateLimitRefusals } from '@mwr/metrics';
import { json, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { addressKey, type AuthFailureLimiter } from './auth-failure-limiter';
import type { Authenticator } from './authenticator';
import type { RateLimitStore } from './instance-coordination';
import { RequestError } from './request-error';

/** The authenticated client account, set on the request by `authenticate`. */
export interface AuthenticatedRequest extends Request {
  accountId?: string;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Structured request logs with a request id (the caller's `x-request-id` when sane), echoed back. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customProps: (req) => ({ accountId: (req as AuthenticatedRequest).accountId }),
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url }),
    },
  });
}

function header(req: Request, name: string): string {
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
    const address = addressKey(req.ip ?? '');
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
export function privateByDefault(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

/** Sent with every answer: a browser must not guess another type than the one declared. */
export function noSniff(_req: Request, res: Response, next: NextFunction) {
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
 * Content type (415), then body size (413) and JSON syntax (400), for the routes that take a body
 * and only for their methods that do: a GET's body is never read, and a path that does not exist
 * is 404 whatever its body.
 */
export function jsonBody() {
  const parse = json({ limit: MAX_BODY_BYTES, strict: true });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!BODY_METHODS.has(req.method)) return next();
    if (mediaType(req.headers['content-type']) !== 'application/json') {
      return next(new RequestError(415, 'Content-Type must be application/json'));
    }
    parse(req, res, next);
  };
}
