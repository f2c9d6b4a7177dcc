// `npm run cli -- seed` as a person runs it, against a fresh migrated database.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Client } from 'pg';

jest.setTimeout(120_000);

const ROOT = resolve(__dirname, '../../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let database: TestDatabase;
let sql: Client;

function cli(...args: string[]): Promise<Run> {
  const env = { PATH: process.env['PATH'], DATABASE_URL: database.url, CREDENTIALS_PEPPER: 'seed-int-spec-pepper-0123456789abcdef', REPORT_TIME_ZONE: 'America/Sao_Paulo' };
  return new Promise((done) => {
    execFile(process.execPath, ['tools/run-ts.cjs', 'apps/cli/src/main.ts', ...args], { cwd: ROOT, env }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr });
    });
  });
}

function json(run: Run): Record<string, unknown> {
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

describe('npm run cli -- seed', () => {
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
