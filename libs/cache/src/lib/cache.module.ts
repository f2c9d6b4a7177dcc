import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type CachedValue, ResultCache } from '@mwr/domain';
import { InMemoryResultCache } from './in-memory-result-cache';
import { rateLimitedErrorLog } from './rate-limited-error-log';
import { RedisResultCache } from './redis-result-cache';

export interface CacheModuleOptions {
  /** Redis to share the cache between instances; null keeps it in this process's memory. */
  redisUrl: string | null;
  /** Told of every lookup, whether it hit (a store that is down misses): the app counts them. */
  onLookup?: (hit: boolean) => void;
}

/** The store itself, before the lookups are observed. */
const RESULT_STORE = Symbol('ResultStore');

/** Tells `onLookup` whether each lookup hit; writes go straight through. */
class ObservedResultCache extends ResultCache {
  constructor(
    private readonly store: ResultCache,
    private readonly onLookup: (hit: boolean) => void,
  ) {
    super();
  }

  async get(key: string): Promise<CachedValue | null> {
    const value = await this.store.get(key);
    this.onLookup(value !== null);
    return value;
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    return this.store.set(key, value, ttlSeconds);
  }
}

/** Whether the cache's shared store answers, for readiness probes. */
@Injectable()
export class ResultCacheProbe {
  constructor(@Inject(RESULT_STORE) private readonly store: ResultCache) {}

  /** False when the cache lives in this process's memory: there is nothing to reach. */
  get shared(): boolean {
    return this.store instanceof RedisResultCache;
  }

  /** Always true in memory; for Redis, whether it answers a PING now. */
  reachable(): Promise<boolean> {
    return this.store instanceof RedisResultCache ? this.store.reachable() : Promise.resolve(true);
  }
}

@Injectable()
class ResultCacheLifecycle implements OnApplicationShutdown {
  constructor(@Inject(RESULT_STORE) private readonly store: ResultCache) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.store instanceof RedisResultCache) await this.store.close();
  }
}

/** Binds the domain's `ResultCache` port to Redis when a URL is given, else to memory. */
@Module({})
export class CacheModule {
  static forRoot(options: CacheModuleOptions): DynamicModule {
    return {
      module: CacheModule,
      global: true,
      providers: [
        {
          provide: RESULT_STORE,
          useFactory: async (): Promise<ResultCache> => {
            if (!options.redisUrl) return new InMemoryResultCache();
            const logger = new Logger('ResultCache');
            const cache = new RedisResultCache({
              url: options.redisUrl,
              onError: rateLimitedErrorLog({ log: (message) => logger.warn(message) }),
            });
            await cache.connect();
            return cache;
          },
        },
        {
          provide: ResultCache,
          useFactory: (store: ResultCache) => (options.onLookup ? new ObservedResultCache(store, options.onLookup) : store),
          inject: [RESULT_STORE],
        },
        ResultCacheProbe,
        ResultCacheLifecycle,
      ],
      exports: [ResultCache, ResultCacheProbe],
    };
  }
}
