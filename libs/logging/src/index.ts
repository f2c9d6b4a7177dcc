export * from './lib/repeat-limited-log';
