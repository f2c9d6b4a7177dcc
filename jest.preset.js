// Shared Jest settings: SWC compiles TypeScript and ESM dependencies (see tools/jest), and the
// `@mwr/*` aliases come from tsconfig.base.json.
const path = require('node:path');
const { workspaceAliases } = require('./tools/ts-paths.cjs');

const moduleNameMapper = {};
for (const [alias, target] of Object.entries(workspaceAliases())) {
  moduleNameMapper[`^${alias.replace(/[/]/g, '\\/')}$`] = target;
}

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(c|m)?(t|j)sx?$': path.join(__dirname, 'tools/jest/swc-transformer.cjs') },
  transformIgnorePatterns: [],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper,
  setupFiles: [path.join(__dirname, 'tools/jest/setup-reflect.cjs')],
};
