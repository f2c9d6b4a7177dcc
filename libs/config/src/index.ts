export * from './lib/config';
