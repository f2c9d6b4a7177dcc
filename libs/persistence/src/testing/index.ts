export * from './typeorm-harness';
export * from './test-database';
export * from './private-postgres-process';
export * from './stalling-proxy';
export * from './streaming-replica';
