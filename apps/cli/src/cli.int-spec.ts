// The real CLI, spawned as `npm run -s cli` runs it, against a fresh migrated database.
import { randomUUID } from 'node:crypto';
import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Client } from 'pg';
import { type CliRun, printed, runCli, runCliThroughNpm } from './testing/cli-process';

jest.setTimeout(60_000);

let database: TestDatabase;
let sql: Client;

const cli = (...args: string[]) => runCli(database.url, args);

const json = (run: CliRun) => printed<unknown>(run);

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

describe('the CLI against PostgreSQL', () => {
  let clientId: string;
  let clientSecret: string;
  let muKey: string;

  it('clients create prints exactly the client id and the secret, and stores only a hash', async () => {
    const issued = json(await cli('clients', 'create', '--name', 'Acme')) as Record<string, string>;
    expect(Object.keys(issued).sort()).toEqual(['clientId', 'clientSecret']);
    ({ clientId, clientSecret } = issued);
    const { rows } = await sql.query('SELECT name, secret_hash FROM client_accounts WHERE client_id = $1', [clientId]);
    expect(rows).toEqual([{ name: 'Acme', secret_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
  });

  it('clients list shows the account, and neither its secret nor its hash', async () => {
    const run = await cli('clients', 'list');
    const { rows } = await sql.query('SELECT secret_hash FROM client_accounts WHERE client_id = $1', [clientId]);
    expect(json(run)).toEqual([{ clientId, name: 'Acme', createdAt: expect.any(String), revokedAt: null }]);
    expect(run.stdout).not.toContain(rows[0].secret_hash);
    expect(run.stdout).not.toContain(clientSecret);
  });

  it('db migrate prints what it applied: nothing on a migrated database', async () => {
    expect(json(await cli('db', 'migrate'))).toEqual({ applied: [] });
  });

  it('through `npm run -s cli --`, as the README has it, stdout is the JSON alone', async () => {
    const run = await runCliThroughNpm(database.url, ['clients', 'list']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([expect.objectContaining({ clientId, name: 'Acme' })]);
  });

  it('no command at all prints the usage on stdout, exit 0', async () => {
    const run = await cli();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: npm run -s cli -- /);
  });

  it('a typo is a usage error: one line with a suggestion on stderr, nothing on stdout, exit 2', async () => {
    expect(await cli('clients', 'revok', clientId)).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: clients: unknown command 'revok' (Did you mean revoke?)\n",
    });
  });

  it('a participant takes a place, checks in and out, and the work is submitted and approved', async () => {
    // A place is taken only before its day ends (docs/adr/0013), and the CLI reads the real clock.
    const DAY = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const NEXT_DAY = new Date(Date.parse(DAY) + 86_400_000).toISOString().slice(0, 10);
    const [{ id: accountId }] = (await sql.query('SELECT id FROM client_accounts WHERE client_id = $1', [clientId])).rows;
    const [subcategoryId, mainMissionId, demandId, missionId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await sql.query('INSERT INTO subcategories (id, client_account_id, name) VALUES ($1, $2, $3)', [subcategoryId, accountId, 'Sampling']);
    await sql.query('INSERT INTO main_missions (id, client_account_id, subcategory_id, name) VALUES ($1, $2, $3, $4)', [
      mainMissionId,
      accountId,
      subcategoryId,
      'Tasting',
    ]);
    await sql.query(
      `INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, shifts, created_at)
       VALUES ($1, $2, $3, $5, 1, $4, now())`,
      [demandId, accountId, mainMissionId, [`${DAY}-08:00-17:00-0`], DAY],
    );
    await sql.query(
      `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at)
       VALUES ($1, $2, $3, $4, 'MB-CLI-1', $5, 1, now())`,
      [missionId, accountId, demandId, mainMissionId, `${DAY}T03:00:00Z`],
    );
    const scope = ['--client-id', clientId];

    const accepted = json(await cli('missions', 'accept', 'MB-CLI-1', ...scope, '--user-name', 'Ana')) as Record<string, unknown>;
    expect(accepted).toMatchObject({
      missionId,
      userName: 'Ana',
      status: 0,
      statusName: 'WAITING',
      shiftStartsAt: `${DAY}T11:00:00.000Z`,
      isBuffer: false,
    });
    muKey = accepted['muKey'] as string;

    const started = json(await cli('participants', 'check-in', muKey, ...scope, '--token', 'T-1', '--at', `${DAY}T08:05:00-03:00`));
    expect(started).toMatchObject({ status: 1, statusName: 'STARTED', checkInAt: `${DAY}T11:05:00.000Z`, tokenInput: 'T-1', isSla: true });

    const refused = await cli('participants', 'schedule', muKey, ...scope, '--for', `${NEXT_DAY}T08:00:00-03:00`);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'error: Cannot schedule: transition from STARTED to SCHEDULED is not allowed\n' });

    const finished = json(await cli('participants', 'check-out', muKey, ...scope, '--complete', '--at', `${DAY}T17:00:00-03:00`));
    expect(finished).toMatchObject({ status: 2, statusName: 'FINISHED', checkOutAt: `${DAY}T20:00:00.000Z` });

    const submitted = json(await cli('registers', 'submit', muKey, ...scope, '--identifier', 'R-1')) as Record<string, unknown>;
    expect(submitted).toMatchObject({ missionsUserId: accepted['id'], identifier: 'R-1', status: 'PENDING' });
    expect(json(await cli('registers', 'approve', muKey, ...scope))).toEqual({ ...submitted, status: 'APPROVED' });

    const participant = await sql.query('SELECT status, check_in_at, check_out_at, token_input, is_sla FROM missions_users WHERE mu_key = $1', [muKey]);
    expect(participant.rows).toEqual([
      {
        status: 2,
        check_in_at: new Date(`${DAY}T11:05:00Z`),
        check_out_at: new Date(`${DAY}T20:00:00Z`),
        token_input: 'T-1',
        is_sla: true,
      },
    ]);
    const registers = await sql.query('SELECT id, missions_user_id, mission_id, identifier, status FROM registers WHERE client_account_id = $1', [accountId]);
    expect(registers.rows).toEqual([{ id: submitted['id'], missions_user_id: accepted['id'], mission_id: missionId, identifier: 'R-1', status: 'APPROVED' }]);
  });

  it('db rebuild-listings repairs listing rows and count aggregates that were tampered with', async () => {
    const state = async () => ({
      registers: (await sql.query(`SELECT id, updated_at, search FROM register_rows ORDER BY id`)).rows,
      counts: (await sql.query(`SELECT client_account_id, listing, grain, bucket, key, sum(n)::int AS n FROM listing_counts
                                 GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5`)).rows,
    });
    const before = await state();
    expect(before.registers).toHaveLength(1);
    expect(before.counts.length).toBeGreaterThan(0);
    // Triggers are bypassed on purpose: what a repair is for.
    await sql.query(`ALTER TABLE register_rows DISABLE TRIGGER USER`);
    await sql.query(`DELETE FROM register_rows`);
    await sql.query(`ALTER TABLE register_rows ENABLE TRIGGER USER`);
    await sql.query(`UPDATE listing_counts SET n = n + 7 WHERE listing = 'workforce'`);
    expect(await state()).not.toEqual(before);

    expect(json(await cli('db', 'rebuild-listings'))).toMatchObject({ rebuilt: ['workforce_rows', 'workforce_search', 'register_rows', 'pdv_rows', 'listing_counts'] });
    expect(await state()).toEqual(before);
  });

  it('clients revoke revokes once; again, or acting for the revoked account, fails with exit 1', async () => {
    expect(json(await cli('clients', 'revoke', clientId))).toEqual({ clientId, revoked: true });
    const { rows } = await sql.query('SELECT revoked_at FROM client_accounts WHERE client_id = $1', [clientId]);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);

    const message = `error: No active client account with client id ${clientId}\n`;
    expect(await cli('clients', 'revoke', clientId)).toEqual({ code: 1, stdout: '', stderr: message });
    expect(await cli('participants', 'quit', muKey, '--client-id', clientId)).toEqual({ code: 1, stdout: '', stderr: message });
  });
});
