import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the foreign keys that the tenant-consistent ones of migration 3 already imply, so that a
 * row written is checked once per parent instead of up to three times (a `forms_data` row ran seven
 * checks, a mission seven): about a third of a bulk write's time, and part of every demand's.
 *
 * - `(x, client_account_id) REFERENCES parent (id, client_account_id)` implies `(x) REFERENCES
 *   parent (id)`: the simple key on the same column goes.
 * - A table with a tenant key on NOT NULL columns holds only accounts its parent holds, and the
 *   parent's own key reaches `client_accounts`: its direct key to `client_accounts` goes. Tables
 *   without such a parent (catalog roots, a product whose parent may be null) keep theirs.
 *
 * What remains always names the account, as a distributed PostgreSQL needs (docs/adr/0009).
 */
export class ImpliedForeignKeys1764400000000 implements MigrationInterface {
  name = 'ImpliedForeignKeys1764400000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, column] of SIMPLE_KEYS) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_fkey`);
    for (const table of ACCOUNT_KEYS) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_client_account_id_fkey`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, column, parent] of SIMPLE_KEYS) {
      await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_fkey FOREIGN KEY (${column}) REFERENCES ${parent}`);
    }
    for (const table of ACCOUNT_KEYS) {
      await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_client_account_id_fkey FOREIGN KEY (client_account_id) REFERENCES client_accounts (id)`);
    }
  }
}

/** [table, column, referenced]: each has a tenant twin `${table}_${column}_tenant_fkey`. */
const SIMPLE_KEYS: readonly [string, string, string][] = [
  ['main_missions', 'subcategory_id', 'subcategories (id)'],
  ['form_questions', 'form_id', 'forms (id)'],
  ['demands', 'form_id', 'forms (uuid)'],
  ['demands', 'form_pdv_id', 'forms (uuid)'],
  ['demands', 'main_mission_id', 'main_missions (id)'],
  ['missions', 'demand_id', 'demands (id)'],
  ['missions', 'main_mission_id', 'main_missions (id)'],
  ['missions', 'store_id', 'stores (id)'],
  ['missions_users', 'mission_id', 'missions (id)'],
  ['registers', 'mission_id', 'missions (id)'],
  ['registers', 'missions_user_id', 'missions_users (id)'],
  ['forms_data', 'form_id', 'forms (id)'],
  ['forms_data', 'missions_user_id', 'missions_users (id)'],
  ['forms_data', 'register_id', 'registers (id)'],
  ['forms_data_answers', 'forms_data_id', 'forms_data (id)'],
  ['import_products', 'parent_id', 'import_products (id)'],
  ['pdv_records', 'import_products_id', 'import_products (id)'],
  ['pdv_records', 'register_id', 'registers (id)'],
  ['delivery_stops', 'delivery_place_id', 'delivery_places (id)'],
  ['delivery_stops', 'missions_user_id', 'missions_users (id)'],
];

/** Tables whose tenant key to a parent is on NOT NULL columns. */
const ACCOUNT_KEYS: readonly string[] = [
  'main_missions',
  'form_questions',
  'demands',
  'missions',
  'missions_users',
  'registers',
  'forms_data',
  'forms_data_answers',
  'pdv_records',
  'delivery_stops',
];
