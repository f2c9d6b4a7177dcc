module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'chaos',
  rootDir: __dirname,
  // Unit tests of the suite's judgement only: the fault run itself is `npm run chaos`, never part of `npm test`.
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
