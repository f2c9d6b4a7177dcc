export * from './lib/config';
export * from './lib/local-pepper';
