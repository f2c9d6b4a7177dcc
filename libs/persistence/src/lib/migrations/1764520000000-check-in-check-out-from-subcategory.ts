import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `check_in_check_out` is the subcategory's (docs/adr/0013): the demand rules read it there, and
 * the main mission's copy, which the listings read (workforce rows, the register item's block), is
 * held equal to it by a foreign key that includes the flag, `ON UPDATE CASCADE`:
 *
 * - a main mission whose flag disagrees with its subcategory's cannot be written;
 * - changing a subcategory's flag changes its main missions' in the same statement, and the
 *   listing triggers on `main_missions` move their participants in or out of the workforce
 *   listing, counts included, as when the flag was written there directly.
 *
 * Main missions that disagree today are aligned to their subcategory first, through the same
 * triggers. The key implies the tenant key of migration 3 on `(subcategory_id, client_account_id)`,
 * which goes, as migration 8 dropped the keys others imply.
 */
export class CheckInCheckOutFromSubcategory1764520000000 implements MigrationInterface {
  name = 'CheckInCheckOutFromSubcategory1764520000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      UPDATE main_missions mm SET check_in_check_out = s.check_in_check_out
        FROM subcategories s
       WHERE s.id = mm.subcategory_id AND mm.check_in_check_out IS DISTINCT FROM s.check_in_check_out;
      ALTER TABLE subcategories ADD CONSTRAINT subcategories_id_check_in_check_out_key UNIQUE (id, client_account_id, check_in_check_out);
      ALTER TABLE main_missions ADD CONSTRAINT main_missions_check_in_check_out_fkey
        FOREIGN KEY (subcategory_id, client_account_id, check_in_check_out)
        REFERENCES subcategories (id, client_account_id, check_in_check_out) ON UPDATE CASCADE;
      ALTER TABLE main_missions DROP CONSTRAINT main_missions_subcategory_id_tenant_fkey;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE main_missions ADD CONSTRAINT main_missions_subcategory_id_tenant_fkey
        FOREIGN KEY (subcategory_id, client_account_id) REFERENCES subcategories (id, client_account_id);
      ALTER TABLE main_missions DROP CONSTRAINT main_missions_check_in_check_out_fkey;
      ALTER TABLE subcategories DROP CONSTRAINT subcategories_id_check_in_check_out_key;
    `);
  }
}
