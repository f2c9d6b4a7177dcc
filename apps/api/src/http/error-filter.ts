import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '@mwr/domain';
import type { Response } from 'express';
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

// The database cannot be used: SQLSTATE class 08 (connection), 57P0x (shut down), 3D000 (database
// gone), 53300 (too many connections), 57014 (a statement cancelled by statement_timeout), the
// driver's own network failures and timeouts, DATABASE_BUSY (a search that waited
// DATABASE_TIMEOUT_MS for a place in the search bulkhead) and CLIENT_GONE (a search whose client
// left while it waited: the answer reaches nobody).
const DATABASE_DOWN_CODES = new Set(['DATABASE_BUSY', 'CLIENT_GONE', '3D000', '53300', '57014', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);

function isDatabaseDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (DATABASE_DOWN_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Connection refused|Query read timeout/i.test(error.message);
}

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
  if (isDatabaseDown(error)) return [503, 'Service unavailable'];
  return [500, 'Internal server error'];
}

/** The one place where errors become HTTP responses: `{"error": message}` and nothing else. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, message] = statusAndMessage(error);
    // A client that went away before its search ran is no fault of the service.
    const clientGone = (error as { code?: unknown } | null)?.code === 'CLIENT_GONE';
    if (status >= 500 && !clientGone) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (response.headersSent) return;
    response.status(status).type('application/json').send(JSON.stringify({ error: message }));
  }
}
