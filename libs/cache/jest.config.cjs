module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cache',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
