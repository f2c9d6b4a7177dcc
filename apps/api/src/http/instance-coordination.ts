import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RedisRateLimiter, RedisRevocationSubscriber } from '@mwr/cache';
import type { AppConfig } from '@mwr/config';
import { AuthenticateClientQuery } from '@mwr/domain';
import { RepeatLimitedLog } from '@mwr/logging';
import { PostgresRevocationListener } from '@mwr/persistence';
import { Authenticator } from './authenticator';
import { RateLimiter } from './rate-limiter';

/** The per-account rate limit (docs/adr/0008, 0017): in Redis when it is set, else in this process. */
export abstract class RateLimitStore {
  /** Takes one request's token; 0 when allowed, else the whole seconds until one is due. */
  abstract take(key: string): Promise<number>;
  abstract close(): Promise<void>;
}

class InProcessRateLimitStore extends RateLimitStore {
  private readonly limiter: RateLimiter;

  constructor(perMinute: number) {
    super();
    this.limiter = new RateLimiter(perMinute);
  }

  take(key: string): Promise<number> {
    return Promise.resolve(this.limiter.take(key));
  }

  async close(): Promise<void> {
    // Nothing held.
  }
}

class SharedRateLimitStore extends RateLimitStore {
  constructor(private readonly redis: RedisRateLimiter) {
    super();
  }

  take(key: string): Promise<number> {
    return this.redis.take(key);
  }

  close(): Promise<void> {
    return this.redis.close();
  }
}

/** Where revocations are heard: Redis pub/sub when REDIS_URL is set, else LISTEN on the primary. */
interface RevocationFeed {
  start(handlers: Authenticator): void;
  close(): Promise<void>;
}
const REVOCATION_FEED = Symbol('RevocationFeed');

@Injectable()
class InstanceCoordinationLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(REVOCATION_FEED) private readonly feed: RevocationFeed | null,
    private readonly authenticator: Authenticator,
    private readonly rateLimit: RateLimitStore,
  ) {}

  onApplicationBootstrap(): void {
    this.feed?.start(this.authenticator);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.feed?.close(), this.rateLimit.close()]);
  }
}

/**
 * What several instances share (docs/adr/0017): the credentials cache, emptied by revocations heard
 * from the primary or from Redis, and the rate limit, in Redis when it is set. Services the HTTP
 * pipeline asks, whatever adapter serves it.
 */
export function instanceCoordinationProviders(config: AppConfig): Provider[] {
  const ttlMs = config.credentialsCacheSeconds * 1000;
  return [
    {
      provide: Authenticator,
      inject: [QueryBus],
      useFactory: (queries: QueryBus) =>
        new Authenticator({ ttlMs, lookup: (clientId, clientSecret) => queries.execute(new AuthenticateClientQuery(clientId, clientSecret)) }),
    },
    {
      provide: REVOCATION_FEED,
      inject: [PostgresRevocationListener],
      // Without a cache there is nothing to forget, and no connection is held for it.
      useFactory: (postgres: PostgresRevocationListener): RevocationFeed | null =>
        ttlMs === 0 ? null : config.redisUrl ? new RedisRevocationSubscriber(config.redisUrl) : postgres,
    },
    {
      provide: RateLimitStore,
      useFactory: async (): Promise<RateLimitStore> => {
        const perMinute = config.rateLimitPerMinute;
        if (!config.redisUrl || perMinute === 0) return new InProcessRateLimitStore(perMinute);
        const local = new RateLimiter(perMinute);
        const logger = new Logger('RateLimit');
        const failures = new RepeatLimitedLog<Error>({
          write: (error, heldBack) =>
            logger.warn(`Rate limit in Redis failed, counting in this instance: ${error.message}` + (heldBack > 0 ? ` (${heldBack} more not logged)` : '')),
        });
        const redis = new RedisRateLimiter({
          url: config.redisUrl,
          perMinute,
          fallback: (key) => local.take(key),
          onError: (error) => failures.report('redis', error),
        });
        await redis.connect();
        return new SharedRateLimitStore(redis);
      },
    },
    InstanceCoordinationLifecycle,
  ];
}
