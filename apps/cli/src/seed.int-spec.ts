// `npm run -s cli -- seed` as a person runs it, against a fresh migrated database.
import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Client } from 'pg';
import { type CliRun, printed, runCli } from './testing/cli-process';

jest.setTimeout(120_000);

let database: TestDatabase;
let sql: Client;

const cli = (...args: string[]) => runCli(database.url, args);

const json = (run: CliRun) => printed<Record<string, unknown>>(run);

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

describe('npm run -s cli -- seed', () => {
  it('fills the account named by --client-id, prints the counts, and a second run adds a batch', async () => {
    const { clientId } = json(await cli('clients', 'create', '--name', 'Demonstração')) as { clientId: string };
    const { clientId: otherId } = json(await cli('clients', 'create', '--name', 'Outra')) as { clientId: string };

    const first = json(await cli('seed', '--client-id', clientId, '--missions', '80', '--seed', '3'));
    expect(first).toMatchObject({ clientId, seed: 3, missions: 80, missionsBefore: 0, rows: expect.objectContaining({ missions: 80 }) });
    expect(first['elapsedSeconds']).toEqual(expect.any(Number));
    expect(Object.keys(first['participantsByStatus'] as object)).toHaveLength(11);
    expect(first['registersByStatus']).toEqual({ PENDING: expect.any(Number), APPROVED: expect.any(Number), REPROVED: expect.any(Number) });

    const second = json(await cli('seed', '--client-id', clientId, '--missions', '80', '--seed', '3'));
    expect(second).toMatchObject({ missionsBefore: 80 });

    const { rows } = await sql.query(
      `SELECT a.client_id, count(m.id)::int AS missions, count(DISTINCT m.mb_key)::int AS keys
         FROM client_accounts a LEFT JOIN missions m ON m.client_account_id = a.id GROUP BY a.client_id ORDER BY 2 DESC`,
    );
    expect(rows).toEqual([
      { client_id: clientId, missions: 160, keys: 160 },
      { client_id: otherId, missions: 0, keys: 0 },
    ]);
  });

  it('refuses an unknown client id with one error line, exit 1', async () => {
    expect(await cli('seed', '--client-id', 'cl_nobody')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: No active client account with client id cl_nobody\n',
    });
  });
});
