import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSecret, newClientId, newClientSecret, Shift } from '@mwr/domain';
import { createDemoCatalog, type DemoCatalog, TypeOrmClientAccountRepository } from '@mwr/persistence';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

interface DemoFile {
  clientId: string;
  clientSecret: string;
  catalog: DemoCatalog;
}

/**
 * On the embedded database only: a demo client account made on the first start. Its secret is kept
 * in the git-ignored data folder (a developer's own machine) so that every start can print it.
 */
export async function ensureDemoAccount(
  dataSource: DataSource,
  options: { dataDir: string; pepper: string; port: number },
): Promise<void> {
  const file = join(options.dataDir, 'demo-account.json');
  const accounts = new TypeOrmClientAccountRepository(dataSource);
  let demo: DemoFile | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (demo === null || (await accounts.findActive(demo.clientId)) === null) {
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    const id = randomUUID();
    await accounts.create({ id, clientId, name: 'Demo account', secretHash: hashSecret(clientSecret, options.pepper), createdAt: new Date() });
    demo = { clientId, clientSecret, catalog: await createDemoCatalog(dataSource.manager, id) };
    writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  }
  process.stdout.write(banner(demo, options.port));
}

function banner({ clientId, clientSecret, catalog }: DemoFile, port: number): string {
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const shift = Shift.parse(`${day}-08:00-17:00-0`).toString();
  const body = JSON.stringify({
    missionMainId: catalog.mainMissions.workforce,
    datePicked: day,
    participants: 2,
    storesIds: catalog.workforceStoreIds.slice(0, 2),
    shifts: [shift],
    formId: catalog.formId,
    custom_fields: { fields: [{ field: 'uniform', value: 'blue' }] },
  });
  return [
    '',
    'Demo client account (embedded database):',
    `  client-id:     ${clientId}`,
    `  client-secret: ${clientSecret}`,
    '',
    'Create a demand:',
    `  curl -i -X POST http://localhost:${port}/v1/missions/demands \\`,
    `    -H 'client-id: ${clientId}' -H 'client-secret: ${clientSecret}' \\`,
    `    -H 'Content-Type: application/json' \\`,
    `    -d '${body}'`,
    '',
  ].join('\n');
}
