import type { Redis } from 'ioredis';
import { closeRedis, connectWithin, RedisBreaker, resilientRedis, type ResilientRedisOptions } from './redis-breaker';

/**
 * One token bucket per key, in Redis, refilled by the elapsed time at each take: the same bucket as
 * the in-process `RateLimiter` (apps/api), shared by every instance. One script, so concurrent takes
 * from many instances never both spend the last token. Redis's own clock, so instances whose clocks
 * disagree still agree on the bucket. Answers the milliseconds until a token is due, 0 when taken.
 */
const TAKE_TOKEN = `
local capacity = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or capacity
local at = tonumber(bucket[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * per_ms)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / per_ms) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / per_ms) + 1000)
return wait
`;

export interface RedisRateLimiterOptions extends ResilientRedisOptions {
  perMinute: number;
  /** The per-instance limit used while Redis cannot be asked: answers like `take`. */
  fallback: (key: string) => number;
  /** Told of every failed take; the limit itself only falls back. */
  onError: (error: Error) => void;
  breakerCooldownMs?: number;
}

type WithTakeToken = Redis & { takeToken(key: string, capacity: number, perMs: number): Promise<number> };

/**
 * The rate limit shared by every instance (docs/adr/0017). Redis down, or stalled, never fails a
 * request: the take falls back to this instance's own bucket, and the breaker keeps a stalled Redis
 * to one request's wait until a background probe finds it answering.
 */
export class RedisRateLimiter {
  private readonly client: WithTakeToken;
  private readonly breaker: RedisBreaker;
  private readonly perMs: number;
  private readonly connectTimeoutMs: number;

  constructor(private readonly options: RedisRateLimiterOptions) {
    // The caller's wait is the request's wait: a shorter timeout than the cache's by default.
    const client = resilientRedis({ commandTimeoutMs: 250, ...options });
    client.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_TOKEN });
    this.client = client as WithTakeToken;
    this.breaker = new RedisBreaker(client, (error) => this.report(error), options.breakerCooldownMs);
    this.perMs = options.perMinute / 60_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1000;
  }

  connect(): Promise<void> {
    return connectWithin(this.client, this.connectTimeoutMs);
  }

  /** Whether the breaker is open: the per-instance limit is in force. */
  get fallingBack(): boolean {
    return this.breaker.open;
  }

  /** Takes one request's token; 0 when allowed, else the whole seconds until one is due. */
  async take(key: string): Promise<number> {
    if (!this.breaker.allows()) return this.options.fallback(key);
    try {
      const waitMs = await this.client.takeToken(`rate:${key}`, this.options.perMinute, this.perMs);
      return waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
    } catch (error) {
      this.breaker.failed(error);
      this.report(error);
      return this.options.fallback(key);
    }
  }

  close(): Promise<void> {
    return closeRedis(this.client);
  }

  private report(error: unknown): void {
    try {
      this.options.onError(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A failing reporter must not fail the request.
    }
  }
}
