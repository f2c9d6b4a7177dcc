import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { enableProcessMetrics } from '@mwr/metrics';
import type { Logger } from 'pino';
import { apiControllers } from './app.module';
import { AuthFailureLimiter, type AuthFailureLimits } from './http/auth-failure-limiter';
import { answerClientError } from './http/client-error';
import { ErrorFilter } from './http/error-filter';
import { Authenticator } from './http/authenticator';
import { RateLimitStore } from './http/instance-coordination';
import { authenticate, limitRate, noSniff, privateByDefault, requestLogging } from './http/request-pipeline';
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
 * Everything about the HTTP pipeline, shared by main.ts and the tests. The order is the contract's
 * order of checks: authentication (401; an address or client id past its failure limit is refused
 * with 429 before its credentials are looked up, docs/adr/0012), then the client account's rate
 * limit (429), here for every path; then, bound by AppModule to the routes that take a body (so
 * that an unknown path is 404 and a GET's body is never read), content type (415), body size (413),
 * JSON syntax (400).
 */
export function configureApp(app: NestExpressApplication, logger: Logger, options: HttpOptions): ConfiguredApp {
  app.disable('x-powered-by');
  // Without proxies in front, req.ip is the peer's address and X-Forwarded-For is ignored: a client
  // must not choose the address its failures are counted against.
  app.set('trust proxy', options.trustProxyHops);
  app.getHttpServer().on('clientError', answerClientError);
  if (options.metrics && (options.metrics.onMainPort || options.metrics.port !== null)) {
    enableProcessMetrics();
    const routes = [...routePatterns(apiControllers(options.metrics.onMainPort)), '/docs', '/docs-json', '/docs/*'];
    recordRequestDurations(app.getHttpServer(), new RouteLabels(routes));
  }
  app.use(noSniff);
  app.use(requestLogging(logger));
  app.use('/v1', privateByDefault);
  const { perAddress, perClientId } = options.authFailureLimit;
  const failures = perAddress > 0 || perClientId > 0 ? new AuthFailureLimiter(options.authFailureLimit) : null;
  app.use('/v1', authenticate(app.get(Authenticator), failures));
  if (options.rateLimitPerMinute > 0) app.use('/v1', limitRate(app.get(RateLimitStore)));
  const errors = new ErrorFilter();
  app.useGlobalFilters(errors);
  serveApiDocs(app, options.apiDocument ?? openApiDocument);
  return { flushLogs: () => errors.flushFailureLog() };
}
