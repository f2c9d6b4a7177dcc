import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes that every write paid for and no read needs any more:
 *
 * - MB and MU keys were unique twice, across all accounts and within each. Every lookup names the
 *   account (a key of another account behaves as unknown, contract section 1), so the per-account
 *   unique index answers them all; the keys are random 60-bit values, so two accounts sharing one
 *   is both improbable and harmless. A key that names the account is also what a distributed
 *   PostgreSQL can enforce (docs/adr/0009).
 * - One register per participant: unique on the participant id alone, and indexed again with the
 *   account. One unique index with the account replaces both.
 * - The register and point-of-sale listings page and count from their listing rows since
 *   migration 6; the base tables' indexes in listing order served the old plans only.
 */
export class AccountScopedKeys1764500000000 implements MigrationInterface {
  name = 'AccountScopedKeys1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX missions_mb_key_key, missions_users_mu_key_key;
      CREATE UNIQUE INDEX registers_account_user_key ON registers (client_account_id, missions_user_id);
      DROP INDEX registers_missions_user_key, registers_account_user_idx;
      DROP INDEX registers_account_approved_updated_idx, pdv_records_account_done_updated_idx;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNIQUE INDEX missions_mb_key_key ON missions (mb_key);
      CREATE UNIQUE INDEX missions_users_mu_key_key ON missions_users (mu_key);
      CREATE UNIQUE INDEX registers_missions_user_key ON registers (missions_user_id);
      CREATE INDEX registers_account_user_idx ON registers (client_account_id, missions_user_id);
      DROP INDEX registers_account_user_key;
      CREATE INDEX registers_account_approved_updated_idx ON registers (client_account_id, updated_at DESC, id DESC) WHERE status = 'APPROVED';
      CREATE INDEX pdv_records_account_done_updated_idx ON pdv_records (client_account_id, updated_at DESC, id DESC) WHERE status = 'DONE';
    `);
  }
}
