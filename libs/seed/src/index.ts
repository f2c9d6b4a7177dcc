export * from './lib/demo-catalog';
export * from './lib/seed-account';
export { SEED_ANCHOR, SEED_CHUNK_MISSIONS, SEED_COVERAGE_MISSIONS, SEED_MAX_MISSIONS } from './lib/seed-generator';
