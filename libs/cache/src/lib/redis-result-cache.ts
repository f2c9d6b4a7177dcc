import { type CachedValue, ResultCache } from '@mwr/domain';
import type { Redis } from 'ioredis';
import { closeRedis, connectWithin, RedisBreaker, resilientRedis, type ResilientRedisOptions } from './redis-breaker';
import type { CacheOperation } from './rate-limited-error-log';

export interface RedisResultCacheOptions extends ResilientRedisOptions {
  /** Told of every failed command; the cache itself only degrades to misses and dropped writes. */
  onError: (error: Error, operation: CacheOperation) => void;
  /** How long the cache is left alone after a failure before a probe may close the breaker. */
  breakerCooldownMs?: number;
  now?: () => number;
}

/**
 * Result cache on Redis, tuned for a store that may be down: requests never wait for it
 * (`resilientRedis`), and after a failure the breaker leaves it alone: every get a miss, every set
 * dropped, until a background probe finds it answering again (`RedisBreaker`).
 */
export class RedisResultCache extends ResultCache {
  private readonly client: Redis;
  private readonly onError: RedisResultCacheOptions['onError'];
  private readonly connectTimeoutMs: number;
  private readonly breaker: RedisBreaker;

  constructor(options: RedisResultCacheOptions) {
    super();
    this.onError = options.onError;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1000;
    this.client = resilientRedis(options);
    this.breaker = new RedisBreaker(this.client, (error) => this.report(error, 'probe'), options.breakerCooldownMs, options.now);
  }

  /** Opens the connection; never rejects, and waits at most the connect timeout (`connectWithin`). */
  connect(): Promise<void> {
    return connectWithin(this.client, this.connectTimeoutMs);
  }

  /** Whether the breaker is open: commands are not sent. */
  get bypassed(): boolean {
    return this.breaker.open;
  }

  async get(key: string): Promise<CachedValue | null> {
    if (!this.closed()) return null;
    try {
      // MULTI keeps GET and PTTL atomic, so the key cannot expire between them; one round trip.
      const replies = await this.client.multi().get(key).pttl(key).exec();
      if (!replies) return null;
      const [[getError, value], [pttlError, pttl]] = replies;
      if (getError) throw getError;
      if (pttlError) throw pttlError;
      // A key without an expiry (PTTL -1) was not written by us: treat it as a miss so it is rewritten.
      if (typeof value !== 'string' || typeof pttl !== 'number' || pttl <= 0) return null;
      return { value, ttlSeconds: Math.max(1, Math.ceil(pttl / 1000)) };
    } catch (error) {
      this.failed(error, 'get');
      return null;
    }
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const seconds = Math.ceil(ttlSeconds);
    if (!(seconds >= 1) || !this.closed()) return;
    try {
      await this.client.set(key, value, 'EX', seconds);
    } catch (error) {
      this.failed(error, 'set');
    }
  }

  /**
   * Whether Redis answers a PING now, for readiness probes: at once false while disconnected (no
   * offline queue), after the command timeout when it stalls. Never rejects.
   */
  async reachable(): Promise<boolean> {
    return this.client.ping().then(
      () => true,
      () => false,
    );
  }

  close(): Promise<void> {
    return closeRedis(this.client);
  }

  private closed(): boolean {
    return this.breaker.allows();
  }

  private failed(error: unknown, operation: CacheOperation): void {
    this.breaker.failed(error);
    this.report(error, operation);
  }

  private report(error: unknown, operation: CacheOperation): void {
    try {
      this.onError(error instanceof Error ? error : new Error(String(error)), operation);
    } catch {
      // A failing reporter must not turn a cache miss into a failed request.
    }
  }
}
