import { RepeatLimitedLog } from '@mwr/logging';

/** `probe`: the PING that tells whether a failed cache is back. */
export type CacheOperation = 'get' | 'set' | 'probe';

export interface RateLimitedErrorLogOptions {
  /** Receives each line that is let through. */
  log: (message: string) => void;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Reports cache failures at most once per interval per operation, with a count of the ones held
 * back, so that an outage of the store, which fails every request, does not flood the logs.
 */
export function rateLimitedErrorLog(options: RateLimitedErrorLogOptions): (error: Error, operation: CacheOperation) => void {
  const failures = new RepeatLimitedLog<{ error: Error; operation: CacheOperation }>({
    intervalMs: options.intervalMs,
    now: options.now,
    write: ({ error, operation }, heldBack) =>
      options.log(
        `Result cache ${operation} failed, serving from the database: ${error.message}` +
          (heldBack > 0 ? ` (${heldBack} more ${operation} failure${heldBack === 1 ? '' : 's'} not logged since the last report)` : ''),
      ),
  });
  return (error, operation) => failures.report(operation, { error, operation });
}
