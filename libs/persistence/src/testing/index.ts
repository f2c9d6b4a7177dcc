export * from './typeorm-harness';
export * from './test-database';
