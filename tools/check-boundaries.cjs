#!/usr/bin/env node
// Proves the module-boundary rules bite: each bad import below, linted as if it were the named file,
// must be reported by the rule that owns it; each clean control must pass. Nothing is written to disk.
'use strict';
const path = require('node:path');
const { ESLint } = require('eslint');

const root = path.resolve(__dirname, '..');
const BOUNDARIES = '@nx/enforce-module-boundaries';
const RESTRICTED = 'no-restricted-imports';
const cases = [
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { DataSource } from 'typeorm';\nexport const x = DataSource;\n", bad: true, why: 'the domain imports an ORM' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { Pool } from 'pg';\nexport const x = Pool;\n", bad: true, why: 'the domain imports a database driver' },
  { file: 'libs/domain/src/lib/application/probe.ts', code: "import { FastifyAdapter } from '@nestjs/platform-fastify';\nexport const x = FastifyAdapter;\n", bad: true, why: 'the domain imports an HTTP platform' },
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
  { file: 'libs/metrics/src/lib/probe.ts', code: "import { ResultCache } from '@mwr/domain';\nexport const x = ResultCache;\n", bad: true, why: 'the metrics lib imports a lib of ours' },
  { file: 'libs/cache/src/lib/probe.ts', code: "import { reportCacheLookups } from '@mwr/metrics';\nexport const x = reportCacheLookups;\n", bad: true, why: 'an adapter imports the metrics lib instead of reporting through a callback' },
  { file: 'libs/persistence/src/lib/probe.ts', code: "import { observeDatabasePool } from '@mwr/metrics';\nexport const x = observeDatabasePool;\n", bad: true, why: 'persistence imports the metrics lib' },
  { file: 'apps/api/src/probe.ts', code: "import { webhookDeliveries } from '@mwr/metrics';\nexport const x = webhookDeliveries;\n", bad: false, why: 'control: an app imports the metrics lib' },
  // The model imports no package at all, and production code no testing entry (no-restricted-imports).
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { Command } from '@nestjs/cqrs';\nexport const x = Command;\n", bad: true, rule: RESTRICTED, why: 'the model imports the CQRS bus' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", bad: true, rule: RESTRICTED, why: 'the model imports a Node built-in' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import type { Observable } from 'rxjs';\nexport type X = Observable<number>;\n", bad: true, rule: RESTRICTED, why: 'the model imports a type from a package' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "export { randomUUID } from 'node:crypto';\n", bad: true, rule: RESTRICTED, why: 'the model re-exports a Node built-in' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "export const load = () => import('node:fs');\n", bad: true, rule: 'no-restricted-syntax', why: 'the model loads a module at run time' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { inMemoryHarness } from '../../testing';\nexport const x = inMemoryHarness;\n", bad: true, rule: RESTRICTED, why: 'the model imports the domain testing folder' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { Clock } from '../application/ports/clock.port';\nexport const x = Clock;\n", bad: true, rule: RESTRICTED, why: 'the model imports the application layer' },
  { file: 'libs/domain/src/lib/application/probe.ts', code: "import { FixedClock } from '../../testing/test-doubles';\nexport const x = FixedClock;\n", bad: true, rule: RESTRICTED, why: 'the application layer imports the domain testing folder' },
  { file: 'libs/domain/src/lib/application/probe.ts', code: "import { of } from 'rxjs';\nexport const x = of;\n", bad: true, rule: RESTRICTED, why: 'the application layer imports a package besides @nestjs/cqrs' },
  { file: 'apps/api/src/probe.ts', code: "import { inMemoryHarness } from '@mwr/domain/testing';\nexport const x = inMemoryHarness;\n", bad: true, rule: RESTRICTED, why: 'an app imports the domain testing entry' },
  { file: 'apps/cli/src/commands/probe.ts', code: "import { runCli } from '../testing/cli-process';\nexport const x = runCli;\n", bad: true, rule: RESTRICTED, why: "an app imports its own testing folder" },
  { file: 'libs/persistence/src/lib/probe.ts', code: "import { inMemoryHarness } from '@mwr/domain/testing';\nexport const x = inMemoryHarness;\n", bad: true, rule: RESTRICTED, why: 'a lib imports the domain testing entry' },
  { file: 'libs/seed/src/lib/probe.ts', code: "import { createMigratedTestDatabase } from '@mwr/persistence/testing';\nexport const x = createMigratedTestDatabase;\n", bad: true, rule: RESTRICTED, why: 'the seed lib imports the persistence testing entry' },
  { file: 'libs/cache/src/lib/probe.ts', code: "import { fake } from '@mwr/cache/testing';\nexport const x = fake;\n", bad: true, rule: RESTRICTED, why: 'a lib imports a testing entry' },
  { file: 'libs/domain/src/lib/model/probe.ts', code: "import { DomainError } from './domain-error';\nexport const x = DomainError;\n", bad: false, why: 'control: a clean domain file' },
  { file: 'libs/domain/src/lib/model/probe.spec.ts', code: "import { aDemandInput } from '../../testing/object-mothers';\nexport const x = aDemandInput;\n", bad: false, why: 'control: a model spec imports the testing folder' },
  { file: 'libs/domain/src/lib/application/probe.ts', code: "import { Command } from '@nestjs/cqrs';\nimport { randomUUID } from 'node:crypto';\nimport { DomainError } from '../model/domain-error';\nexport const x = [Command, randomUUID, DomainError];\n", bad: false, why: 'control: the application layer imports the bus, a built-in and the model' },
  { file: 'libs/persistence/src/testing/probe.ts', code: "import { inMemoryHarness } from '@mwr/domain/testing';\nexport const x = inMemoryHarness;\n", bad: false, why: "control: a lib's test support imports the domain testing entry" },
  { file: 'apps/api/src/probe.int-spec.ts', code: "import { createMigratedTestDatabase } from '@mwr/persistence/testing';\nexport const x = createMigratedTestDatabase;\n", bad: false, why: 'control: an app test imports the persistence testing entry' },
  { file: 'apps/api-e2e/src/support/probe.ts', code: "import { createMigratedTestDatabase } from '@mwr/persistence/testing';\nexport const x = createMigratedTestDatabase;\n", bad: false, why: 'control: e2e support imports the persistence testing entry' },
  { file: 'apps/api/src/probe.ts', code: "import { Shift } from '@mwr/domain';\nexport const x = Shift;\n", bad: false, why: 'control: the app imports the domain' },
  { file: 'apps/worker/src/probe.ts', code: "import { seedClientAccount } from '@mwr/seed';\nexport const x = seedClientAccount;\n", bad: true, why: 'the worker imports the seed lib' },
  { file: 'apps/worker/src/probe.ts', code: "import { AppModule } from '../../api/src/app.module';\nexport const x = AppModule;\n", bad: true, why: 'the worker imports the API app' },
  { file: 'apps/worker/src/probe.ts', code: "import { inMemoryHarness } from '@mwr/domain/testing';\nexport const x = inMemoryHarness;\n", bad: true, rule: RESTRICTED, why: 'the worker imports the domain testing entry' },
  { file: 'apps/worker/src/probe.ts', code: "import { loadConfig } from '@mwr/config';\nimport { Clock } from '@mwr/domain';\nimport { migrate } from '@mwr/persistence';\nimport { RepeatLimitedLog } from '@mwr/logging';\nexport const x = [loadConfig, Clock, migrate, RepeatLimitedLog];\n", bad: false, why: 'control: the worker imports the domain, persistence, config and logging' },
  { file: 'apps/worker/src/probe.ts', code: "import { webhookDeliveries } from '@mwr/metrics';\nexport const x = webhookDeliveries;\n", bad: false, why: 'control: the worker counts into the metrics lib' },
  { file: 'apps/worker/src/probe.ts', code: "import { RedisResultCache } from '@mwr/cache';\nexport const x = RedisResultCache;\n", bad: true, why: 'the worker imports the cache' },
  { file: 'apps/cli/src/probe.ts', code: "import { seedClientAccount } from '@mwr/seed';\nexport const x = seedClientAccount;\n", bad: false, why: 'control: the CLI imports the seed lib' },
  { file: 'libs/seed/src/lib/probe.ts', code: "import { openDataSource } from '@mwr/persistence';\nexport const x = openDataSource;\n", bad: false, why: 'control: the seed lib imports the persistence lib' },
];

async function main() {
  const eslint = new ESLint({ cwd: root });
  let failures = 0;
  for (const c of cases) {
    const [result] = await eslint.lintText(c.code, { filePath: path.join(root, c.file) });
    const reported = result.messages.filter((m) => m.ruleId === (c.rule ?? BOUNDARIES));
    const ok = c.bad ? reported.length > 0 : result.messages.length === 0;
    if (!ok) failures += 1;
    const detail = c.bad ? (reported[0]?.message ?? 'NOT REPORTED') : result.messages.map((m) => m.message).join('; ') || 'clean';
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.why} (${c.file}): ${detail.split('\n')[0]}`);
  }
  console.log(`${cases.length - failures} passed, ${failures} failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
