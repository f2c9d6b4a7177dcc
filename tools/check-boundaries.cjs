#!/usr/bin/env node
// Proves the module-boundary rules bite: each bad import below, linted as if it were a file of the
// named project, must be reported; the clean control must pass. Nothing is written to disk.
'use strict';
const path = require('node:path');
const { ESLint } = require('eslint');

const root = path.resolve(__dirname, '..');
const cases = [
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { DataSource } from 'typeorm';\nexport const x = DataSource;\n", bad: true, why: 'the domain imports an ORM' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { Pool } from 'pg';\nexport const x = Pool;\n", bad: true, why: 'the domain imports a database driver' },
  { file: 'libs/domain/src/lib/application/probe.ts', code: "import { Controller } from '@nestjs/platform-express';\nexport const x = Controller;\n", bad: true, why: 'the domain imports an HTTP platform' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { IsInt } from 'class-validator';\nexport const x = IsInt;\n", bad: true, why: 'the domain imports request validation' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { PersistenceModule } from '@mwr/persistence';\nexport const x = PersistenceModule;\n", bad: true, why: 'the domain imports the persistence lib' },
  { file: 'libs/persistence/src/lib/probe.ts', code: "import { loadConfig } from '@mwr/config';\nexport const x = loadConfig;\n", bad: true, why: 'persistence imports a lib other than the domain' },
  { file: 'libs/persistence/src/lib/probe.ts', code: "import { seedClientAccount } from '@mwr/seed';\nexport const x = seedClientAccount;\n", bad: true, why: 'persistence imports the seed lib' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { seedClientAccount } from '@mwr/seed';\nexport const x = seedClientAccount;\n", bad: true, why: 'the domain imports the seed lib' },
  { file: 'libs/cache/src/lib/probe.ts', code: "import { seedClientAccount } from '@mwr/seed';\nexport const x = seedClientAccount;\n", bad: true, why: 'the cache imports the seed lib' },
  { file: 'apps/api-e2e/src/probe.ts', code: "import { Shift } from '@mwr/domain';\nexport const x = Shift;\n", bad: true, why: 'e2e tests import the domain instead of speaking HTTP' },
  { file: 'libs/logging/src/lib/probe.ts', code: "import { DemandRepository } from '@mwr/domain';\nexport const x = DemandRepository;\n", bad: true, why: 'the logging helpers import a lib of ours' },
  { file: 'libs/logging/src/lib/probe.ts', code: "import pino from 'pino';\nexport const x = pino;\n", bad: true, why: 'the logging helpers import a package' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { RepeatLimitedLog } from '@mwr/logging';\nexport const x = RepeatLimitedLog;\n", bad: true, why: 'the domain imports the logging helpers' },
  { file: 'libs/cache/src/lib/probe.ts', code: "import { RepeatLimitedLog } from '@mwr/logging';\nexport const x = RepeatLimitedLog;\n", bad: false, why: 'control: an adapter imports the logging helpers' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { DomainError } from './domain-error';\nexport const x = DomainError;\n", bad: false, why: 'control: a clean domain file' },
  { file: 'apps/api/src/probe.ts', code: "import { Shift } from '@mwr/domain';\nexport const x = Shift;\n", bad: false, why: 'control: the app imports the domain' },
  { file: 'apps/cli/src/probe.ts', code: "import { seedClientAccount } from '@mwr/seed';\nexport const x = seedClientAccount;\n", bad: false, why: 'control: the CLI imports the seed lib' },
  { file: 'libs/seed/src/lib/probe.ts', code: "import { openDataSource } from '@mwr/persistence';\nexport const x = openDataSource;\n", bad: false, why: 'control: the seed lib imports the persistence lib' },
];

async function main() {
  const eslint = new ESLint({ cwd: root });
  let failures = 0;
  for (const c of cases) {
    const [result] = await eslint.lintText(c.code, { filePath: path.join(root, c.file) });
    const boundaryErrors = result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries');
    const ok = c.bad ? boundaryErrors.length > 0 : result.messages.length === 0;
    if (!ok) failures += 1;
    const detail = c.bad ? (boundaryErrors[0]?.message ?? 'NOT REPORTED') : result.messages.map((m) => m.message).join('; ') || 'clean';
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.why} (${c.file}): ${detail.split('\n')[0]}`);
  }
  console.log(`${cases.length - failures} passed, ${failures} failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
