import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ResultCache } from '@mwr/domain';
import { InMemoryResultCache } from './in-memory-result-cache';
import { rateLimitedErrorLog } from './rate-limited-error-log';
import { RedisResultCache } from './redis-result-cache';

export interface CacheModuleOptions {
  /** Redis to share the cache between instances; null keeps it in this process's memory. */
  redisUrl: string | null;
}

@Injectable()
class ResultCacheLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ResultCache) private readonly cache: ResultCache) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.cache instanceof RedisResultCache) await this.cache.close();
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
          provide: ResultCache,
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
        ResultCacheLifecycle,
      ],
      exports: [ResultCache],
    };
  }
}
