import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Parents of cross-table references, each made addressable by (key, client account). */
const PARENTS: [table: string, key: string][] = [
  ['subcategories', 'id'],
  ['main_missions', 'id'],
  ['stores', 'id'],
  ['forms', 'id'],
  ['forms', 'uuid'],
  ['demands', 'id'],
  ['missions', 'id'],
  ['missions_users', 'id'],
  ['registers', 'id'],
  ['forms_data', 'id'],
  ['import_products', 'id'],
  ['delivery_places', 'id'],
];

/** Every reference between tenant tables: child table, column, parent table, parent key. */
const REFERENCES: [child: string, column: string, parent: string, key: string][] = [
  ['main_missions', 'subcategory_id', 'subcategories', 'id'],
  ['form_questions', 'form_id', 'forms', 'id'],
  ['demands', 'main_mission_id', 'main_missions', 'id'],
  ['demands', 'form_id', 'forms', 'uuid'],
  ['demands', 'form_pdv_id', 'forms', 'uuid'],
  ['missions', 'demand_id', 'demands', 'id'],
  ['missions', 'main_mission_id', 'main_missions', 'id'],
  ['missions', 'store_id', 'stores', 'id'],
  ['missions_users', 'mission_id', 'missions', 'id'],
  ['registers', 'missions_user_id', 'missions_users', 'id'],
  ['registers', 'mission_id', 'missions', 'id'],
  ['forms_data', 'register_id', 'registers', 'id'],
  ['forms_data', 'missions_user_id', 'missions_users', 'id'],
  ['forms_data', 'form_id', 'forms', 'id'],
  ['forms_data_answers', 'forms_data_id', 'forms_data', 'id'],
  ['import_products', 'parent_id', 'import_products', 'id'],
  ['pdv_records', 'register_id', 'registers', 'id'],
  ['pdv_records', 'import_products_id', 'import_products', 'id'],
  ['delivery_stops', 'missions_user_id', 'missions_users', 'id'],
  ['delivery_stops', 'delivery_place_id', 'delivery_places', 'id'],
];

/**
 * A row may only reference a row of its own client account: every reference also carries the
 * account, so the database itself refuses a cross-tenant link. The report listings rely on it to
 * count from one table when no filter needs the others (a join to the parent always matches).
 */
export class TenantConsistentReferences1763900000000 implements MigrationInterface {
  name = 'TenantConsistentReferences1763900000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, key] of PARENTS) {
      await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_${key}_tenant_key UNIQUE (${key}, client_account_id)`);
    }
    for (const [child, column, parent, key] of REFERENCES) {
      await db.query(
        `ALTER TABLE ${child} ADD CONSTRAINT ${child}_${column}_tenant_fkey
           FOREIGN KEY (${column}, client_account_id) REFERENCES ${parent} (${key}, client_account_id)`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [child, column] of [...REFERENCES].reverse()) {
      await db.query(`ALTER TABLE ${child} DROP CONSTRAINT ${child}_${column}_tenant_fkey`);
    }
    for (const [table, key] of [...PARENTS].reverse()) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${key}_tenant_key`);
    }
  }
}
