import { RateLimiter } from './rate-limiter';

describe('RateLimiter: the per-account rate limit (contract section 3, 429)', () => {
  let clock = 0;
  const now = () => clock;

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('allows a burst of the limit, then refuses with the seconds until the next token', () => {
    const limiter = new RateLimiter(60, now);
    for (let i = 0; i < 60; i += 1) expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });

  it('refills at the limit’s rate', () => {
    const limiter = new RateLimiter(60, now);
    for (let i = 0; i < 60; i += 1) limiter.take('a');
    clock += 999;
    expect(limiter.take('a')).toBe(1);
    clock += 1;
    expect(limiter.take('a')).toBe(0);
  });

  it('keeps one bucket per client account', () => {
    const limiter = new RateLimiter(1, now);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(60);
    expect(limiter.take('b')).toBe(0);
  });

  it('forgets idle accounts whose bucket is full again', () => {
    const limiter = new RateLimiter(1, now);
    limiter.take('a');
    clock += 120_000;
    limiter.take('b');
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.has('a')).toBe(false);
  });
});
