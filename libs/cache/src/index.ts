export * from './lib/in-memory-result-cache';
export * from './lib/redis-result-cache';
export * from './lib/rate-limited-error-log';
export * from './lib/cache.module';
