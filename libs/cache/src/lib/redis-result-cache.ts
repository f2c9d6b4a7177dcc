import { type CachedValue, ResultCache } from '@mwr/domain';
import { Redis, ReplyError } from 'ioredis';
import type { CacheOperation } from './rate-limited-error-log';

export interface RedisResultCacheOptions {
  url: string;
  /** Told of every failed command; the cache itself only degrades to misses and dropped writes. */
  onError: (error: Error, operation: CacheOperation) => void;
  /** Prepended to every key, for sharing one Redis between applications or test runs. */
  keyPrefix?: string;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** Upper bound of the wait between reconnection attempts. */
  maxReconnectDelayMs?: number;
  /** How long the cache is left alone after a failure before a probe may close the breaker. */
  breakerCooldownMs?: number;
  now?: () => number;
}

export const DEFAULT_BREAKER_COOLDOWN_MS = 1000;

/**
 * Result cache on Redis, tuned for a store that may be down: requests never wait for it. With no
 * offline queue and no retries a command fails at once while disconnected, and the client keeps
 * reconnecting in the background. A stalled server (one that accepts but does not answer) costs a
 * command its timeout; a circuit breaker keeps that to one request: after a failure the cache is
 * left alone (every get a miss, every set dropped), and once the cool-down has passed a request
 * sends one PING in the background instead of waiting for Redis; the breaker closes when it answers.
 */
export class RedisResultCache extends ResultCache {
  private readonly client: Redis;
  private readonly onError: RedisResultCacheOptions['onError'];
  private readonly connectTimeoutMs: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;
  /** 0 while the breaker is closed; else when a probe may be sent. */
  private openUntil = 0;
  private probing = false;

  constructor(options: RedisResultCacheOptions) {
    super();
    this.onError = options.onError;
    this.cooldownMs = options.breakerCooldownMs ?? DEFAULT_BREAKER_COOLDOWN_MS;
    this.now = options.now ?? Date.now;
    const connectTimeout = (this.connectTimeoutMs = options.connectTimeoutMs ?? 1000);
    const commandTimeout = options.commandTimeoutMs ?? 500;
    const maxDelay = options.maxReconnectDelayMs ?? 5000;
    this.client = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout,
      commandTimeout,
      // ioredis waits this long for a closing socket, even one already dead, holding up shutdown.
      disconnectTimeout: commandTimeout,
      retryStrategy: (attempt) => Math.min(attempt * 200, maxDelay),
      keyPrefix: options.keyPrefix,
      // CLIENT SETINFO is one more handshake round trip that a stalled server lets time out.
      disableClientInfo: true,
    });
    // Connection errors repeat on every reconnection attempt; the failed commands already report
    // the outage (rate-limited by the caller), and without a listener ioredis prints each one.
    this.client.on('error', () => undefined);
  }

  /**
   * Opens the connection. Resolves once it is ready, has failed, or has taken the connect timeout,
   * and never rejects: a start with Redis down goes on while reconnection continues in the
   * background. (A server that accepts but never answers would otherwise hold it for seconds.)
   */
  async connect(): Promise<void> {
    if (this.client.status !== 'wait') return;
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.connectTimeoutMs);
    });
    try {
      await Promise.race([this.client.connect().catch(() => undefined), givenUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether the breaker is open: commands are not sent. */
  get bypassed(): boolean {
    return this.openUntil !== 0;
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

  async close(): Promise<void> {
    if (this.client.status === 'ready') {
      try {
        await this.client.quit();
        return;
      } catch {
        // A stalled server: drop the connection instead.
      }
    }
    this.client.disconnect();
  }

  /** True when commands may be sent; once the cool-down is over, starts a probe without waiting. */
  private closed(): boolean {
    if (this.openUntil === 0) return true;
    if (!this.probing && this.now() >= this.openUntil) {
      this.probing = true;
      this.client
        .ping()
        .then(
          () => {
            this.openUntil = 0;
          },
          (error: unknown) => this.failed(error, 'probe'),
        )
        .finally(() => {
          this.probing = false;
        });
    }
    return false;
  }

  private failed(error: unknown, operation: CacheOperation): void {
    // An error reply comes from a Redis that answers: only silence and lost connections open it.
    if (!(error instanceof ReplyError)) this.openUntil = this.now() + this.cooldownMs;
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
