import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `search` finds the matching rows of each searched table through its trigram index, then walks
 * down to the listing's rows: from a main mission to its missions, from a mission to its registers,
 * from a product to its point-of-sale records. These are the indexes for those steps.
 */
export class SearchPaths1764000000000 implements MigrationInterface {
  name = 'SearchPaths1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX missions_account_main_mission_idx ON missions (client_account_id, main_mission_id);
      CREATE INDEX registers_account_mission_idx ON registers (client_account_id, mission_id);
      CREATE INDEX pdv_records_account_product_idx ON pdv_records (client_account_id, import_products_id);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX missions_account_main_mission_idx, registers_account_mission_idx, pdv_records_account_product_idx;`);
  }
}
