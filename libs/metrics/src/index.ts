export * from './lib/metrics';
