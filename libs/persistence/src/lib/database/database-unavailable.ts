import { CannotExecuteNotConnectedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

// SQLSTATE class 08 (connection), 57P0x (shut down), 3D000 (database gone), 53300 (too many
// connections), 57014 (a statement cancelled by statement_timeout), the driver's own network
// failures, DATABASE_BUSY (a search that waited its whole budget for a place in the search
// bulkhead) and CLIENT_GONE (a search whose client left while it waited: the answer reaches nobody).
const UNAVAILABLE_CODES = new Set([
  'DATABASE_BUSY',
  'CLIENT_GONE',
  '3D000',
  '53300',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);

// What pg says, without a code, of a connection that broke, timed out, or was closed under it.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection refused|Query read timeout|is not queryable|Cannot use a pool after calling end on the pool/i;

/**
 * Whether an error means the database cannot be used right now (the HTTP layer answers 503), as
 * opposed to a bug or a refused statement. A transaction whose connection broke between two
 * statements fails with TypeORM's QueryRunnerAlreadyReleasedError: the driver released the
 * connection when it saw the break, before the next statement could be sent. A raw `manager.query`
 * of that transaction (the completion of an idempotency key) fails with
 * QueryRunnerProviderAlreadyReleasedError instead.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (
    error instanceof QueryRunnerAlreadyReleasedError ||
    error instanceof QueryRunnerProviderAlreadyReleasedError ||
    error instanceof CannotExecuteNotConnectedError
  ) {
    return true;
  }
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}
