export * from './typeorm-harness';
export * from './test-database';
export * from './streaming-replica';
