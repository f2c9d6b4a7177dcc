export * from './lib/in-memory-result-cache';
export * from './lib/redis-result-cache';
export * from './lib/rate-limited-error-log';
export * from './lib/cache.module';
export * from './lib/redis-breaker';
export * from './lib/redis-rate-limiter';
export * from './lib/redis-revocations';
