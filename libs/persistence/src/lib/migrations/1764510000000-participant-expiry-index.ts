import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the clock reads to find the participants due for expiry (`dueForExpiry`): the WAITING and
 * SCHEDULED ones only, in id order (its cursor), with every column the query reads of them, so a
 * page is an index-only walk over the participants that may still expire plus one mission lookup
 * for those without a shift. Rows leave it as they move on, so it holds current and future work,
 * not history.
 */
export class ParticipantExpiryIndex1764510000000 implements MigrationInterface {
  name = 'ParticipantExpiryIndex1764510000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX missions_users_expiry_idx ON missions_users (id)
        INCLUDE (status, shift_starts_at, scheduled_for, mission_id, client_account_id, mu_key)
        WHERE status IN (0, 9);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX missions_users_expiry_idx`);
  }
}
