import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { addDays, ClientAccountRepository, CreateClientAccountCommand, domainProviders, Shift } from '@mwr/domain';
import { PersistenceModule } from '@mwr/persistence';
import { createDemoCatalog, type DemoCatalog, formWithMostAnswers, SEED_ANCHOR, seedClientAccount } from '@mwr/seed';
import { DataSource } from 'typeorm';
import type { TryItOutValues } from '../openapi/openapi-document';

/** Enough missions that every listing has several pages, small enough to seed in about a second. */
const DEMO_MISSIONS = 300;

export interface DemoAccount {
  clientId: string;
  clientSecret: string;
  catalog: DemoCatalog;
  /** A form with answers in the seeded data, for the form answers listing. */
  reportFormId: number;
}

type DemoFile = Omit<DemoAccount, 'reportFormId'> & { reportFormId?: number };

type DomainSettings = Parameters<typeof domainProviders>[0];

/** The domain over the PostgreSQL adapters, without HTTP: what the CLI runs its commands in. */
@Module({})
class DemoModule {
  static forRoot(databaseUrl: string, settings: DomainSettings): DynamicModule {
    return {
      module: DemoModule,
      // No statement limit: the first start seeds the account.
      imports: [CqrsModule.forRoot(), PersistenceModule.forRoot({ databaseUrl, poolSize: 2, queryTimeoutMs: 0 })],
      providers: [...domainProviders(settings)],
    };
  }
}

/**
 * On the embedded database only: a demo client account made on the first start, with a catalog to
 * order demands against and seeded data in every report listing. Its secret is kept in the
 * git-ignored data folder (a developer's own machine) so that every start can print it. It runs
 * before the service is built, in an application context of its own that is closed afterwards.
 */
export async function prepareDemoAccount(options: { databaseUrl: string; dataDir: string; settings: DomainSettings }): Promise<DemoAccount> {
  const context = await NestFactory.createApplicationContext(DemoModule.forRoot(options.databaseUrl, options.settings), {
    logger: false,
    abortOnError: false,
  });
  try {
    return await ensureDemoAccount(context, options.dataDir);
  } finally {
    await context.close();
  }
}

async function ensureDemoAccount(app: INestApplicationContext, dataDir: string): Promise<DemoAccount> {
  const file = join(dataDir, 'demo-account.json');
  const accounts = app.get(ClientAccountRepository);
  const dataSource = app.get(DataSource);
  let demo: DemoFile | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  let found = demo === null ? null : await accounts.findActive(demo.clientId);
  if (demo === null || found === null) {
    // Made as `npm run -s cli -- clients create` makes an account: the domain's command, whose
    // handler draws the credentials and stores only the secret's keyed hash.
    const { clientId, clientSecret } = await app.get(CommandBus).execute(new CreateClientAccountCommand('Demo account'));
    found = await accounts.findActive(clientId);
    if (found === null) throw new Error(`The demo account ${clientId} was created but cannot be found`);
    demo = { clientId, clientSecret, catalog: await createDemoCatalog(dataSource.manager, found.account.id) };
  }
  if (demo.reportFormId === undefined) {
    await seedClientAccount(dataSource, { accountId: found.account.id, missions: DEMO_MISSIONS, seed: 1 });
    const formId = await formWithMostAnswers(dataSource.manager, found.account.id);
    if (formId === null) throw new Error('The demo account was seeded without form answers');
    demo.reportFormId = formId;
  }
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return { ...demo, reportFormId: demo.reportFormId };
}

// The seeded data spans the six months before the seed's anchor date.
const LAST_DAY = SEED_ANCHOR.toISOString().slice(0, 10);
const PERIOD = { first: addDays(LAST_DAY, -190), last: LAST_DAY };

/** A workforce demand a week from now, at two of the demo stores, that the service accepts. */
function demandBody(catalog: DemoCatalog, now: Date): Record<string, unknown> {
  const day = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  return {
    missionMainId: catalog.mainMissions.workforce,
    datePicked: day,
    participants: 2,
    storesIds: catalog.workforceStoreIds.slice(0, 2),
    shifts: [Shift.parse(`${day}-08:00-17:00-0`).toString()],
    formId: catalog.formId,
    custom_fields: { fields: [{ field: 'uniform', value: 'blue' }] },
  };
}

/** What the embedded demo's OpenAPI document fills try-it-out with: the banner's values. */
export function demoTryItOutValues(demo: DemoAccount, now = new Date()): TryItOutValues {
  return { demand: demandBody(demo.catalog, now), period: PERIOD, formId: demo.reportFormId };
}

export function demoBanner(demo: DemoAccount, port: number, now = new Date()): string {
  const { clientId, clientSecret, catalog, reportFormId } = demo;
  const base = `http://localhost:${port}`;
  const auth = `-H 'client-id: ${clientId}' -H 'client-secret: ${clientSecret}'`;
  const period = `startedAt=${PERIOD.first}&endedAt=${PERIOD.last}`;
  return [
    '',
    'Demo client account (embedded database):',
    `  client-id:     ${clientId}`,
    `  client-secret: ${clientSecret}`,
    '',
    'Create a demand:',
    `  curl -i -X POST ${base}/v1/missions/demands ${auth} \\`,
    `    -H 'Content-Type: application/json' \\`,
    `    -d '${JSON.stringify(demandBody(catalog, now))}'`,
    '',
    'Read the reports:',
    `  curl ${auth} '${base}/v1/forms-data/customers?initialDate=${PERIOD.first}&finalDate=${PERIOD.last}&page=1&formId=${reportFormId}'`,
    `  curl ${auth} '${base}/v1/missions-users/workforce/reports?itemsPerPage=5&search=silva'`,
    `  curl ${auth} '${base}/v1/deliveries/results?${period}&progress=2'`,
    `  curl ${auth} '${base}/v1/pdv/results?${period}&search=caf%C3%A9'`,
    `  curl ${auth} '${base}/v1/registers/results?itemsPerPage=2'`,
    '',
    'Watch webhooks (signed, verified, one JSON line each) while you create demands; Ctrl-C removes the endpoint:',
    `  npm run -s cli -- webhooks listen --port 4000 --client-id ${clientId}`,
    `  (or subscribe your own receiver: POST ${base}/v1/webhooks; catch up with GET ${base}/v1/events)`,
    '',
    `API documentation: ${base}/docs (try it out with the values above: they fill its forms)`,
    '',
    '',
  ].join('\n');
}
