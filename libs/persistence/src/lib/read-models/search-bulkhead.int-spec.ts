import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresRegisterResultsReadModel } from './register-results.read-model';
import { DatabaseBusyError, SearchBulkhead } from './search-bulkhead';
import { PostgresWorkforceResultsReadModel } from './workforce-results.read-model';

const OPEN = { from: null, before: null };
const PAGE = { page: 1, itemsPerPage: 10 };

describe('the search bulkhead on a real PostgreSQL: with the search budget exhausted, a plain listing still answers', () => {
  let database: TestDatabase;
  let db: DataSource;
  let locker: Client;
  const accounts = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 4, queryTimeoutMs: 0 });
    for (const account of accounts) {
      const [sub, main, demand, mission, user, register] = Array.from({ length: 6 }, () => randomUUID());
      await db.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'B', '', now())`, [account, `cl_${account}`]);
      await db.query(`INSERT INTO subcategories (id, client_account_id, name, check_in_check_out) VALUES ($1, $2, 'S', true)`, [sub, account]);
      await db.query(`INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, 'Turno', true)`, [main, account, sub]);
      await db.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-03-10', 1, now())`, [demand, account, main]);
      await db.query(
        `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at) VALUES ($1, $2, $3, $4, $5, now(), 1, now())`,
        [mission, account, demand, main, `MB-${mission}`],
      );
      await db.query(
        `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'Ana Silva', 2, now(), now())`,
        [user, account, mission, `MU-${user}`],
      );
      await db.query(
        `INSERT INTO registers (id, client_account_id, missions_user_id, mission_id, identifier, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'R-1', 'APPROVED', now(), now())`,
        [register, account, user, mission],
      );
    }
    locker = new Client({ connectionString: database.url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker?.end();
    await db?.destroy();
    await database?.drop();
  });

  it('a search holding the only place keeps other searches waiting until DATABASE_TIMEOUT_MS, never a plain listing', async () => {
    const bulkhead = new SearchBulkhead({ total: 1, perAccount: 1, waitMs: 300 });
    const registers = new PostgresRegisterResultsReadModel(db, bulkhead);
    const workforce = new PostgresWorkforceResultsReadModel(db, bulkhead);

    // A search that cannot finish: the table it reads is locked by another session.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE register_rows IN ACCESS EXCLUSIVE MODE');
    let heldDone = false;
    const held = registers.page(accounts[0], { period: OPEN, mbKey: null, muKey: null, search: 'R-1' }, PAGE).finally(() => (heldDone = true));

    const plain = await workforce.page(accounts[1], { period: OPEN, status: null, mbKey: null, muKey: null, search: null }, PAGE);
    expect(plain.total).toBe(1);
    const started = Date.now();
    await expect(workforce.page(accounts[1], { period: OPEN, status: null, mbKey: null, muKey: null, search: 'silva' }, PAGE)).rejects.toBeInstanceOf(
      DatabaseBusyError,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(heldDone).toBe(false);

    await locker.query('ROLLBACK');
    await expect(held).resolves.toMatchObject({ total: 1 });
    // The place is free again.
    await expect(workforce.page(accounts[1], { period: OPEN, status: null, mbKey: null, muKey: null, search: 'silva' }, PAGE)).resolves.toMatchObject({ total: 1 });
  });
});
