import { randomUUID } from 'node:crypto';
import { reportPeriod } from '@mwr/domain';
import { DataSource } from 'typeorm';
import { openDataSource } from './database/data-source';
import { MIGRATIONS } from './migrations';
import { PostgresWorkforceResultsReadModel } from './read-models/workforce-results.read-model';
import { TypeOrmDemandRepository } from './repositories/typeorm-demand.repository';
import { createMigratedTestDatabase, createTestDatabase, type TestDatabase } from '../testing/test-database';

/** docs/adr/0013: `check_in_check_out` is the subcategory's; the main mission's copy is held equal to it. */
describe('check_in_check_out: the subcategory is the truth, the main mission follows it', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 2 });
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  /** An account with a subcategory, a main mission of it, and a mission with `participants` participants. */
  async function catalog(flag: boolean, participants = 3) {
    const [account, sub, main, demand, mission] = Array.from({ length: 5 }, () => randomUUID());
    await db.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'A', '', now())`, [account, `cl_${account}`]);
    await db.query(`INSERT INTO subcategories (id, client_account_id, name, check_in_check_out) VALUES ($1, $2, 'S', $3)`, [sub, account, flag]);
    await db.query(`INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, 'M', $4)`, [main, account, sub, flag]);
    await db.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-12-01', 5, now())`, [demand, account, main]);
    await db.query(
      `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at)
       VALUES ($1, $2, $3, $4, $5, '2026-12-01T03:00:00Z', 5, now())`,
      [mission, account, demand, main, `MB-${mission}`],
    );
    for (let i = 0; i < participants; i += 1) {
      const id = randomUUID();
      await db.query(
        `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'U', 0, now(), now())`,
        [id, account, mission, `MU-${id}`],
      );
    }
    return { account, sub, main };
  }

  /** What the workforce listing holds of the account: its rows, and the total it answers. */
  async function workforce(account: string) {
    const [{ rows }] = await db.query(`SELECT count(*)::int AS rows FROM workforce_rows WHERE client_account_id = $1`, [account]);
    const period = reportPeriod('2026-11-01', '2026-12-31', 'America/Sao_Paulo');
    const { total } = await new PostgresWorkforceResultsReadModel(db).page(
      account,
      { period, status: null, mbKey: null, muKey: null, search: null },
      { page: 1, itemsPerPage: 10 },
    );
    return { rows, total };
  }

  const flagOf = async (main: string) => (await db.query(`SELECT check_in_check_out FROM main_missions WHERE id = $1`, [main]))[0].check_in_check_out;

  it('a main mission whose flag disagrees with its subcategory\'s is refused, written new or changed alone', async () => {
    const { account, sub, main } = await catalog(true, 0);
    await expect(
      db.query(`INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, 'M', false)`, [randomUUID(), account, sub]),
    ).rejects.toThrow(/main_missions_check_in_check_out_fkey/);
    await expect(db.query(`UPDATE main_missions SET check_in_check_out = false WHERE id = $1`, [main])).rejects.toThrow(/main_missions_check_in_check_out_fkey/);
    expect(await flagOf(main)).toBe(true);
  });

  it('a main mission of another account\'s subcategory is refused, as the tenant key did', async () => {
    const theirs = await catalog(true, 0);
    const mine = await catalog(true, 0);
    await expect(
      db.query(`INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, 'M', true)`, [randomUUID(), mine.account, theirs.sub]),
    ).rejects.toThrow(/main_missions_check_in_check_out_fkey/);
  });

  it("changing the subcategory's flag changes its main missions', and the workforce listing follows, rows and total", async () => {
    const { account, sub, main } = await catalog(false);
    expect(await workforce(account)).toEqual({ rows: 0, total: 0 });
    await db.query(`UPDATE subcategories SET check_in_check_out = true WHERE id = $1`, [sub]);
    expect(await flagOf(main)).toBe(true);
    expect(await workforce(account)).toEqual({ rows: 3, total: 3 });
    await db.query(`UPDATE subcategories SET check_in_check_out = false WHERE id = $1`, [sub]);
    expect(await flagOf(main)).toBe(false);
    expect(await workforce(account)).toEqual({ rows: 0, total: 0 });
  });

  it('the demand rules read the same flag the listings do', async () => {
    for (const flag of [true, false]) {
      const { account, main } = await catalog(flag, 0);
      const input = { missionMainId: main, datePicked: '2026-12-01', scheduledAt: null, participants: 1, storesIds: [], shifts: [], formId: null, formPdvId: null, customFields: null };
      const refs = await new TypeOrmDemandRepository(db).references(account, input);
      expect(refs.mainMission?.checkInCheckOut).toBe(flag);
      expect(await flagOf(main)).toBe(flag);
    }
  });
});

describe('the migration that ties the flags, over main missions that disagree with their subcategory', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('aligns each to its subcategory, and the workforce listing and its counts follow', async () => {
    const before = MIGRATIONS.findIndex((migration) => migration.name.startsWith('CheckInCheckOutFromSubcategory'));
    const early = new DataSource({ type: 'postgres', url: database.url, migrations: MIGRATIONS.slice(0, before), migrationsTableName: 'schema_migrations' });
    await early.initialize();
    const account = randomUUID();
    const mains: Record<string, string> = {};
    try {
      await early.runMigrations({ transaction: 'each' });
      await early.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'A', '', now())`, [account, `cl_${account}`]);
      // [subcategory's flag, main mission's flag]: two disagree, two agree.
      for (const [name, subFlag, mainFlag] of [['listed wrongly', false, true], ['missing', true, false], ['agreed on', true, true], ['agreed off', false, false]] as const) {
        const [sub, main, demand, mission, user] = Array.from({ length: 5 }, () => randomUUID());
        mains[name] = main;
        await early.query(`INSERT INTO subcategories (id, client_account_id, name, check_in_check_out) VALUES ($1, $2, 'S', $3)`, [sub, account, subFlag]);
        await early.query(`INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, $4, $5)`, [main, account, sub, name, mainFlag]);
        await early.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-12-01', 1, now())`, [demand, account, main]);
        await early.query(
          `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at) VALUES ($1, $2, $3, $4, $5, '2026-12-01T03:00:00Z', 1, now())`,
          [mission, account, demand, main, `MB-${mission}`],
        );
        await early.query(
          `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 0, now(), now())`,
          [user, account, mission, `MU-${user}`, name],
        );
      }
      const listed = await early.query(`SELECT mu.user_name FROM workforce_rows w JOIN missions_users mu ON mu.id = w.id ORDER BY 1`);
      expect(listed.map((row: { user_name: string }) => row.user_name)).toEqual(['agreed on', 'listed wrongly']);
    } finally {
      await early.destroy();
    }

    const current = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
    try {
      await current.runMigrations({ transaction: 'each' });
      const flags = await current.query(`SELECT name, check_in_check_out FROM main_missions ORDER BY name`);
      expect(flags).toEqual([
        { name: 'agreed off', check_in_check_out: false },
        { name: 'agreed on', check_in_check_out: true },
        { name: 'listed wrongly', check_in_check_out: false },
        { name: 'missing', check_in_check_out: true },
      ]);
      const listed = await current.query(`SELECT mu.user_name FROM workforce_rows w JOIN missions_users mu ON mu.id = w.id ORDER BY 1`);
      expect(listed.map((row: { user_name: string }) => row.user_name)).toEqual(['agreed on', 'missing']);
      const [{ counted }] = await current.query(
        `SELECT coalesce(sum(n), 0)::int AS counted FROM listing_counts WHERE client_account_id = $1 AND listing = 'workforce' AND grain = 'month'`,
        [account],
      );
      expect(counted).toBe(2);
    } finally {
      await current.destroy();
    }
  });
});
