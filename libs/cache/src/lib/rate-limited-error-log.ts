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
  const intervalMs = options.intervalMs ?? 10_000;
  const now = options.now ?? Date.now;
  const state = new Map<CacheOperation, { lastLoggedAt: number; suppressed: number }>();
  return (error, operation) => {
    const at = now();
    const seen = state.get(operation);
    if (seen && at - seen.lastLoggedAt < intervalMs) {
      seen.suppressed += 1;
      return;
    }
    const held = seen?.suppressed ?? 0;
    const suffix = held > 0 ? ` (${held} more ${operation} failure${held === 1 ? '' : 's'} not logged since the last report)` : '';
    options.log(`Result cache ${operation} failed, serving from the database: ${error.message}${suffix}`);
    state.set(operation, { lastLoggedAt: at, suppressed: 0 });
  };
}
