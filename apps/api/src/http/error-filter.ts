import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '@mwr/domain';
import { RepeatLimitedLog } from '@mwr/logging';
import { isDatabaseUnavailable } from '@mwr/persistence';
import type { FastifyReply } from 'fastify';
import { RequestError } from './request-error';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  rule: 422,
  'not-found': 404,
  conflict: 409,
};

// body-parser reports its failures through `type`; these are the contract's answers to them.
const BODY_PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'Request body too large'],
  'entity.parse.failed': [400, 'Invalid JSON body'],
  'entity.verify.failed': [400, 'Invalid JSON body'],
  'request.aborted': [400, 'Request aborted'],
  'encoding.unsupported': [415, 'Content-Type must be application/json'],
  'charset.unsupported': [415, 'Content-Type must be application/json'],
};

function statusAndMessage(error: unknown): [number, string] {
  if (error instanceof RequestError) return [error.status, error.message];
  // Whatever was not found, and whoever owns it, the answer is the same (contract sections 1 and 7).
  if (error instanceof DomainError) return error.kind === 'not-found' ? [404, 'Not found'] : [STATUS_OF_KIND[error.kind], error.message];
  // Nest wraps body-parser's errors in an HttpException and keeps the original as its cause.
  const source = error instanceof HttpException && error.cause !== undefined ? error.cause : error;
  const parserType = (source as { type?: unknown } | null)?.type;
  if (typeof parserType === 'string' && parserType in BODY_PARSER_ERRORS) return BODY_PARSER_ERRORS[parserType];
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404) return [404, 'Not found'];
    if (status === 429) return [429, 'Too many requests'];
    if (status < 500) return [status, error.message];
  }
  if (isDatabaseUnavailable(error)) return [503, 'Service unavailable'];
  return [500, 'Internal server error'];
}

/** What tells two server-side failures apart in the log: the same kind is written once per interval. */
function failureKind(status: number, error: unknown): string {
  if (!(error instanceof Error)) return `${status} ${String(error)}`;
  const code = (error as { code?: unknown }).code;
  return `${status} ${error.name} ${typeof code === 'string' ? code : ''} ${error.message}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The one place where errors become HTTP responses: `{"error": message}` and nothing else. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  // An outage fails every request the same way: one line per kind of failure every 10 s, with the
  // count of the ones held back, instead of a stack trace per request.
  private readonly failures = new RepeatLimitedLog<unknown>({
    write: (error, heldBack) =>
      this.logger.error(heldBack === 0 ? describe(error) : `${describe(error)}\n(${heldBack} more like it not logged since the last report)`),
  });

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const [status, message] = statusAndMessage(error);
    // A client that went away before its search ran is no fault of the service.
    const clientGone = (error as { code?: unknown } | null)?.code === 'CLIENT_GONE';
    if (status >= 500 && !clientGone) this.failures.report(failureKind(status, error), error);
    if (reply.sent || reply.raw.headersSent) return;
    reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ error: message }));
  }

  /** Writes the failures still held back; called at shutdown so that no count is lost. */
  flushFailureLog(): void {
    this.failures.flush();
  }
}
