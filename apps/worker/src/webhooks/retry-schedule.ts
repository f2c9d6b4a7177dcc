/** How a delivery that failed is tried again: exponential backoff with jitter, then given up. */
export interface RetrySchedule {
  /** The wait after the first failed attempt (before jitter); each next one doubles it. */
  firstDelayMs: number;
  /** No wait grows past this. */
  maxDelayMs: number;
  /** A delivery failing this long after it was made is given up (FAILED): at least 24 hours. */
  giveUpAfterMs: number;
}

const HOUR = 3_600_000;

export const RETRY_SCHEDULE: RetrySchedule = Object.freeze({ firstDelayMs: 30_000, maxDelayMs: 2 * HOUR, giveUpAfterMs: 24 * HOUR });

/**
 * When to try again after the `attempt`-th attempt (1 for the first) failed at `failedAt`, or null
 * to give up. The jitter draws each wait from the top quarter of its ceiling: receivers that came
 * back together are not hit together again, and each wait is still longer than the one before
 * until the ceiling.
 */
export function nextAttemptAt(
  createdAt: Date,
  failedAt: Date,
  attempt: number,
  random: () => number = Math.random,
  schedule: RetrySchedule = RETRY_SCHEDULE,
): Date | null {
  if (failedAt.getTime() - createdAt.getTime() >= schedule.giveUpAfterMs) return null;
  const ceiling = Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.min(attempt - 1, 30));
  return new Date(failedAt.getTime() + Math.round(ceiling * (0.75 + 0.25 * random())));
}
