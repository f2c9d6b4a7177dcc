import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../migrations';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { migrate, openDataSource } from './data-source';

describe('migrations over a database that already holds data', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('the later migrations apply on top of the first two with two accounts’ rows in place, and the aggregates are built over them', async () => {
    const early = new DataSource({ type: 'postgres', url: database.url, migrations: MIGRATIONS.slice(0, 2), migrationsTableName: 'schema_migrations' });
    await early.initialize();
    try {
      await early.runMigrations({ transaction: 'each' });
      for (const account of [randomUUID(), randomUUID()]) {
        const [sub, main, demand, mission, user, register, form, data] = Array.from({ length: 8 }, () => randomUUID());
        await early.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'A', '', now())`, [account, `cl_${account}`]);
        await early.query(`INSERT INTO subcategories (id, client_account_id, name, check_in_check_out) VALUES ($1, $2, 'S', true)`, [sub, account]);
        await early.query(`INSERT INTO main_missions (id, client_account_id, subcategory_id, name, has_forms, check_in_check_out) VALUES ($1, $2, $3, 'M', true, true)`, [main, account, sub]);
        await early.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-12-01', 1, now())`, [demand, account, main]);
        await early.query(`INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at) VALUES ($1, $2, $3, $4, $5, now(), 1, now())`, [mission, account, demand, main, `MB-${mission}`]);
        await early.query(`INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'U', 2, now(), now())`, [user, account, mission, `MU-${user}`]);
        await early.query(`INSERT INTO registers (id, client_account_id, missions_user_id, mission_id, identifier, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'R', 'APPROVED', now(), now())`, [register, account, user, mission]);
        const [{ id: formId }] = await early.query(`INSERT INTO forms (uuid, client_account_id, kind, name) VALUES ($1, $2, 'FORM', 'F') RETURNING id`, [form, account]);
        await early.query(`INSERT INTO forms_data (id, client_account_id, register_id, missions_user_id, form_id, identifier, answered_at) VALUES ($1, $2, $3, $4, $5, 'FD', now())`, [data, account, register, user, formId]);
        await early.query(`INSERT INTO forms_data_answers (id, client_account_id, forms_data_id, position, question, answer) VALUES ($1, $2, $3, 1, 'Q', 'A')`, [randomUUID(), account, data]);
      }
    } finally {
      await early.destroy();
    }

    const current = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
    try {
      expect(await migrate(current)).toEqual(MIGRATIONS.slice(2).map((migration) => new migration().name));
      const [{ n }] = await current.query(`SELECT count(*)::int AS n FROM forms_data_answers`);
      expect(n).toBe(2);
      // Migration 1764200000000 builds the listing rows and count aggregates of the data before it.
      const [{ listed }] = await current.query(
        `SELECT (SELECT count(*) FROM workforce_rows) + (SELECT count(*) FROM register_rows) + (SELECT count(*) FROM pdv_rows) AS listed`,
      );
      expect(Number(listed)).toBe(4);
      const [{ documents }] = await current.query(`SELECT count(*)::int AS documents FROM workforce_search`);
      expect(documents).toBe(2);
      const counts = await current.query(
        `SELECT listing, grain, count(DISTINCT client_account_id)::int AS accounts, sum(n)::int AS items
           FROM listing_counts GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(counts).toEqual(
        ['form_answers', 'registers', 'workforce'].flatMap((listing) =>
          ['day', 'hour', 'month'].map((grain) => ({ listing, grain, accounts: 2, items: 2 })),
        ),
      );
    } finally {
      await current.destroy();
    }
  });
});
