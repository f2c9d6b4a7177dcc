import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, hashSecret, newClientId, newClientSecret, Shift } from '@mwr/domain';
import { TypeOrmClientAccountRepository } from '@mwr/persistence';
import { createDemoCatalog, type DemoCatalog, SEED_ANCHOR, seedClientAccount } from '@mwr/seed';
import type { DataSource } from 'typeorm';

/** Enough missions that every listing has several pages, small enough to seed in about a second. */
const DEMO_MISSIONS = 300;

interface DemoFile {
  clientId: string;
  clientSecret: string;
  catalog: DemoCatalog;
  /** A form with answers in the seeded data, for the form answers listing. */
  reportFormId?: number;
}

/**
 * On the embedded database only: a demo client account made on the first start, with a catalog to
 * order demands against and seeded data in every report listing. Its secret is kept in the
 * git-ignored data folder (a developer's own machine) so that every start can print it.
 */
export async function ensureDemoAccount(dataSource: DataSource, options: { dataDir: string; pepper: string; port: number }): Promise<void> {
  const file = join(options.dataDir, 'demo-account.json');
  const accounts = new TypeOrmClientAccountRepository(dataSource);
  let demo: DemoFile | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const existing = demo === null ? null : await accounts.findActive(demo.clientId);
  if (demo === null || existing === null) {
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    const id = randomUUID();
    await accounts.create({ id, clientId, name: 'Demo account', secretHash: hashSecret(clientSecret, options.pepper), createdAt: new Date() });
    demo = { clientId, clientSecret, catalog: await createDemoCatalog(dataSource.manager, id) };
  }
  if (demo.reportFormId === undefined) {
    const accountId = existing?.account.id ?? (await accounts.findActive(demo.clientId))?.account.id;
    await seedClientAccount(dataSource, { accountId: accountId as string, missions: DEMO_MISSIONS, seed: 1 });
    const [{ form_id }] = await dataSource.query(
      `SELECT form_id FROM forms_data WHERE client_account_id = $1 GROUP BY form_id ORDER BY count(*) DESC, form_id LIMIT 1`,
      [accountId],
    );
    demo.reportFormId = form_id as number;
  }
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  process.stdout.write(banner(demo, options.port));
}

function banner({ clientId, clientSecret, catalog, reportFormId }: DemoFile, port: number): string {
  const base = `http://localhost:${port}`;
  const auth = `-H 'client-id: ${clientId}' -H 'client-secret: ${clientSecret}'`;
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const body = JSON.stringify({
    missionMainId: catalog.mainMissions.workforce,
    datePicked: day,
    participants: 2,
    storesIds: catalog.workforceStoreIds.slice(0, 2),
    shifts: [Shift.parse(`${day}-08:00-17:00-0`).toString()],
    formId: catalog.formId,
    custom_fields: { fields: [{ field: 'uniform', value: 'blue' }] },
  });
  // The seeded data spans the six months before the seed's anchor date.
  const last = SEED_ANCHOR.toISOString().slice(0, 10);
  const first = addDays(last, -190);
  const period = `startedAt=${first}&endedAt=${last}`;
  return [
    '',
    'Demo client account (embedded database):',
    `  client-id:     ${clientId}`,
    `  client-secret: ${clientSecret}`,
    '',
    'Create a demand:',
    `  curl -i -X POST ${base}/v1/missions/demands ${auth} \\`,
    `    -H 'Content-Type: application/json' \\`,
    `    -d '${body}'`,
    '',
    'Read the reports:',
    `  curl ${auth} '${base}/v1/forms-data/customers?initialDate=${first}&finalDate=${last}&page=1&formId=${reportFormId}'`,
    `  curl ${auth} '${base}/v1/missions-users/workforce/reports?itemsPerPage=5&search=silva'`,
    `  curl ${auth} '${base}/v1/deliveries/results?${period}&progress=2'`,
    `  curl ${auth} '${base}/v1/pdv/results?${period}&search=caf%C3%A9'`,
    `  curl ${auth} '${base}/v1/registers/results?itemsPerPage=2'`,
    '',
    `API documentation: ${base}/docs`,
    '',
    '',
  ].join('\n');
}
