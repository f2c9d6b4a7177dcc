module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'worker',
  rootDir: __dirname,
  // *.int-spec.ts run against a fresh PostgreSQL database on TEST_DATABASE_URL's server.
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/../../tools/jest/test-postgres-setup.cjs',
  globalTeardown: '<rootDir>/../../tools/jest/test-postgres-teardown.cjs',
};
