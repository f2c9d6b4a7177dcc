module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'seed',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/../../tools/jest/test-postgres-setup.cjs',
  globalTeardown: '<rootDir>/../../tools/jest/test-postgres-teardown.cjs',
};
