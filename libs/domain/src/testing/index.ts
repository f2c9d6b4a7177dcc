export * from './in-memory-database';
export * from './in-memory-adapters';
export * from './in-memory-harness';
export * from './port-contracts';
export * from './test-doubles';
export * from './object-mothers';
export * from './outbox-contracts';
