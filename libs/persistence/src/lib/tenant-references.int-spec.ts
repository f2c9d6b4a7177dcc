import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDataSource } from './database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../testing/test-database';
import { typeOrmHarness } from '../testing/typeorm-harness';

describe('tenant-consistent references: a row may only point at rows of its own client account', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 2 });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('a demand of one account naming another account’s main mission, form or store is refused by the database', async () => {
    const { fixtures } = typeOrmHarness(db);
    const [mine, other] = [await fixtures.account(), await fixtures.account()];
    const theirMission = await fixtures.mainMission(other, { checkInCheckOut: false, requiresForm: false });
    const theirForm = await fixtures.form(other, 'FORM');
    const ownMission = await fixtures.mainMission(mine, { checkInCheckOut: false, requiresForm: false });
    const insertDemand = (mainMissionId: string, formId: string | null) =>
      db.query(
        `INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, form_id, created_at)
         VALUES ($1, $2, $3, '2026-12-01', 1, $4, now())`,
        [randomUUID(), mine, mainMissionId, formId],
      );
    await expect(insertDemand(theirMission, null)).rejects.toThrow(/demands_main_mission_id_tenant_fkey/);
    await expect(insertDemand(ownMission, theirForm)).rejects.toThrow(/demands_form_id_tenant_fkey/);
    await expect(insertDemand(ownMission, null)).resolves.toBeDefined();
  });

  it('a participant cannot be attached to another account’s mission', async () => {
    const h = typeOrmHarness(db);
    const [mine, other] = [await h.fixtures.account(), await h.fixtures.account()];
    const mainMission = await h.fixtures.mainMission(other, { checkInCheckOut: false, requiresForm: false });
    const demandId = randomUUID();
    const missionId = randomUUID();
    await db.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-12-01', 1, now())`, [demandId, other, mainMission]);
    await db.query(`INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at) VALUES ($1, $2, $3, $4, $5, now(), 1, now())`, [missionId, other, demandId, mainMission, `MB-${randomUUID().slice(0, 12)}`]);
    await expect(
      db.query(
        `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'X', 0, now(), now())`,
        [randomUUID(), mine, missionId, `MU-${randomUUID().slice(0, 12)}`],
      ),
    ).rejects.toThrow(/missions_users_mission_id_tenant_fkey/);
  });
});
