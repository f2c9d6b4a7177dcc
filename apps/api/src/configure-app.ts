import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { enableProcessMetrics } from '@mwr/metrics';
import { apiControllers } from './app.module';
import { AuthFailureLimiter, type AuthFailureLimits } from './http/auth-failure-limiter';
import { answerClientError } from './http/client-error';
import { ErrorFilter } from './http/error-filter';
import { Authenticator } from './http/authenticator';
import { RateLimitStore } from './http/instance-coordination';
import {
  type AuthenticatedRequest,
  authenticate,
  limitRate,
  type NextFunction,
  noSniff,
  parseJsonBody,
  privateByDefault,
  requestLogging,
  requireJson,
} from './http/request-pipeline';
import { recordRequestDurations } from './metrics/request-metrics';
import { RouteLabels, routePatterns } from './metrics/route-patterns';
import { serveApiDocs } from './openapi/api-docs';
import { openApiDocument } from './openapi/openapi-document';

export interface ConfiguredApp {
  /** Writes the log lines still held back (repeated failures counted, not yet written). */
  flushLogs(): void;
}

export interface HttpOptions {
  rateLimitPerMinute: number;
  authFailureLimit: AuthFailureLimits;
  trustProxyHops: number;
  apiDocument?: OpenAPIObject;
  /** Metrics are collected when either is set: at `/metrics` on the main port, or on a port of their own. */
  metrics?: { onMainPort: boolean; port: number | null };
}

/**
 * Fastify under Nest (docs/adr/0016: it measured faster here than Express), set to behave as node's
 * http.Server and Express did where the contract or ADR 11 depends on it.
 */
export function createHttpAdapter(options: Pick<HttpOptions, 'trustProxyHops'>): FastifyAdapter {
  return new FastifyAdapter({
    // Without proxies in front, request.ip is the peer's address and X-Forwarded-For is ignored: a
    // client must not choose the address its failures are counted against.
    trustProxy: (_address, hop) => hop < options.trustProxyHops,
    // node's parser refusals (431, 400, 408) answered with the contract's `{"error"}` body.
    clientErrorHandler: answerClientError,
    // node's own timeouts, which Fastify would otherwise change (no request timeout, 72 s keep-alive).
    requestTimeout: 300_000,
    keepAliveTimeout: 5_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1_000 },
  });
}

type Step = (req: AuthenticatedRequest, res: FastifyReply['raw'], next: NextFunction) => void;

const UNDER_V1 = /^\/v1(?:[/?#]|$)/i;

/**
 * Everything about the HTTP pipeline, shared by main.ts and the tests. The order is the contract's
 * order of checks, as Fastify hooks: on every request `nosniff` and the request log; under /v1 the
 * private cache policy, authentication (401; an address or client id past its failure limit is
 * refused with 429 before its credentials are looked up, docs/adr/0012), then the client account's
 * rate limit (429), all before the body is read; then, for the methods that take a body on the
 * routes that exist (an unknown path is 404, a GET's body is never read), content type (415), body
 * size (413), JSON syntax (400).
 */
export function configureApp(app: NestFastifyApplication, logger: Logger, options: HttpOptions): ConfiguredApp {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorateRequest('accountId', undefined);
  if (options.metrics && (options.metrics.onMainPort || options.metrics.port !== null)) {
    enableProcessMetrics();
    const routes = [...routePatterns(apiControllers(options.metrics.onMainPort)), '/docs', '/docs-json', '/docs/*'];
    recordRequestDurations(app.getHttpServer(), new RouteLabels(routes));
  }
  const hook = (step: Step, underV1 = false) => (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (underV1 && !UNDER_V1.test(request.url)) return done();
    step(request as FastifyRequest & AuthenticatedRequest, reply.raw, (error) => done(error as Error | undefined));
  };
  fastify.addHook('onRequest', hook(noSniff));
  fastify.addHook('onRequest', hook(requestLogging(logger)));
  fastify.addHook('onRequest', hook(privateByDefault, true));
  const { perAddress, perClientId } = options.authFailureLimit;
  const failures = perAddress > 0 || perClientId > 0 ? new AuthFailureLimiter(options.authFailureLimit) : null;
  fastify.addHook('onRequest', hook(authenticate(app.get(Authenticator), failures), true));
  if (options.rateLimitPerMinute > 0) fastify.addHook('onRequest', hook(limitRate(app.get(RateLimitStore)), true));
  fastify.addHook('preParsing', (request, reply, _payload, done) => hook(requireJson)(request, reply, done));
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', parseJsonBody());
  const errors = new ErrorFilter();
  app.useGlobalFilters(errors);
  serveApiDocs(app, options.apiDocument ?? openApiDocument);
  return { flushLogs: () => errors.flushFailureLog() };
}
