module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 30_000,
  globalSetup: '<rootDir>/../../tools/jest/test-postgres-setup.cjs',
  globalTeardown: '<rootDir>/../../tools/jest/test-postgres-teardown.cjs',
};
