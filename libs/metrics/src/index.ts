export * from './lib/metrics';
export * from './lib/metrics-server';
