import { nextAttemptAt, RETRY_SCHEDULE } from './retry-schedule';

const CREATED = new Date('2026-12-01T12:00:00.000Z');
const at = (ms: number) => new Date(CREATED.getTime() + ms);

describe('retry schedule', () => {
  it('"exponential backoff with jitter": each wait is longer than the one before, up to the ceiling', () => {
    for (const random of [() => 0, () => 0.999, Math.random]) {
      let failedAt = CREATED;
      let previous = 0;
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        const next = nextAttemptAt(CREATED, failedAt, attempt, random) as Date;
        const wait = next.getTime() - failedAt.getTime();
        expect(wait).toBeGreaterThan(previous);
        expect(wait).toBeLessThanOrEqual(RETRY_SCHEDULE.firstDelayMs * 2 ** (attempt - 1));
        previous = wait;
        failedAt = next;
      }
    }
  });

  it('jitter spreads the waits over the top quarter of the ceiling', () => {
    expect(nextAttemptAt(CREATED, CREATED, 1, () => 0)).toEqual(at(22_500));
    expect(nextAttemptAt(CREATED, CREATED, 1, () => 1)).toEqual(at(30_000));
    expect(nextAttemptAt(CREATED, CREATED, 40, () => 1)).toEqual(at(RETRY_SCHEDULE.maxDelayMs));
  });

  it('"retried for at least 24 hours, then marked failed"', () => {
    const day = RETRY_SCHEDULE.giveUpAfterMs;
    expect(day).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(nextAttemptAt(CREATED, at(day - 1), 20)).not.toBeNull();
    expect(nextAttemptAt(CREATED, at(day), 20)).toBeNull();
  });
});
