export * from './lib/database/data-source';
export * from './lib/database/embedded-postgres';
export * from './lib/persistence.module';
export * from './lib/entities';
export { MIGRATIONS } from './lib/migrations';
export * from './lib/repositories/typeorm-client-account.repository';
export * from './lib/repositories/typeorm-demand.repository';
export * from './lib/repositories/typeorm-idempotency-keys';
export * from './lib/repositories/typeorm-participant.repository';
