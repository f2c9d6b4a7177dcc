import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every primary key and unique key of a tenant table names the client account (docs/adr/0019).
 *
 * A distributed PostgreSQL (Citus) shards these tables by `client_account_id` and can enforce a
 * unique key only if the key contains that column, since each shard checks it alone. Foreign keys
 * already name the account (migration 3). What still did not:
 *
 * - the primary key of every tenant table was `(id)`. It becomes `(id, client_account_id)`: with the
 *   id first it still serves every lookup by id, and the tables that had a separate
 *   `(id, client_account_id)` key for their tenant foreign keys lose that now redundant index (the
 *   foreign keys are re-made against the primary key, which has the same columns);
 * - a form's questions were unique by `(form_id, position)`, and a form's `uuid` across every
 *   account: both now within the account, as every lookup already is.
 *
 * Ids stay unique in fact (random UUIDs, or one sequence), as the keys before this guaranteed.
 * The refresh functions and the listing build upsert their rows `ON CONFLICT ON CONSTRAINT
 * <table>_pkey`, which both shapes of the key satisfy, instead of inferring the key from `(id)`;
 * `down` leaves them so.
 */
export class DistributableKeys1764700000000 implements MigrationInterface {
  name = 'DistributableKeys1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await upsertByConstraintName(db);
    await rekey(db, async () => {
      for (const table of TENANT_TABLES) {
        await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
        if (HAD_TENANT_KEY.has(table)) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_id_tenant_key`);
        await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id, client_account_id)`);
      }
    });
    await db.query(`
      ALTER TABLE form_questions DROP CONSTRAINT form_questions_form_id_position_key,
        ADD CONSTRAINT form_questions_form_id_position_key UNIQUE (form_id, position, client_account_id);
      DROP INDEX forms_uuid_key;
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNIQUE INDEX forms_uuid_key ON forms (uuid);
      ALTER TABLE form_questions DROP CONSTRAINT form_questions_form_id_position_key,
        ADD CONSTRAINT form_questions_form_id_position_key UNIQUE (form_id, position);
    `);
    await rekey(db, async () => {
      for (const table of TENANT_TABLES) {
        await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
        await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id)`);
        if (HAD_TENANT_KEY.has(table)) {
          await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_id_tenant_key UNIQUE (id, client_account_id)`);
        }
      }
    });
  }
}

const TENANT_TABLES = [
  'subcategories',
  'main_missions',
  'stores',
  'forms',
  'form_questions',
  'demands',
  'missions',
  'missions_users',
  'registers',
  'forms_data',
  'forms_data_answers',
  'import_products',
  'pdv_records',
  'delivery_places',
  'delivery_stops',
  'events',
  'webhook_endpoints',
  'webhook_deliveries',
  'workforce_rows',
  'workforce_search',
  'register_rows',
  'pdv_rows',
] as const;

/** Tables whose tenant foreign keys pointed at a unique `(id, client_account_id)` of their own. */
const HAD_TENANT_KEY = new Set<string>([
  'subcategories',
  'main_missions',
  'stores',
  'forms',
  'demands',
  'missions',
  'missions_users',
  'registers',
  'forms_data',
  'import_products',
  'delivery_places',
  'events',
  'webhook_endpoints',
]);

/**
 * Runs `change` with every foreign key that points at a tenant table taken off and put back after,
 * as it was: a key a foreign key depends on cannot be dropped, and the new key has the same columns.
 */
async function rekey(db: QueryRunner, change: () => Promise<void>): Promise<void> {
  const foreignKeys = (await db.query(
    `SELECT con.conrelid::regclass::text AS "table", con.conname AS name, pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con
      WHERE con.contype = 'f' AND con.confrelid = ANY ($1::regclass[])
      ORDER BY 1, 2`,
    [TENANT_TABLES],
  )) as { table: string; name: string; definition: string }[];
  for (const key of foreignKeys) await db.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  await change();
  for (const key of foreignKeys) await db.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
}

async function upsertByConstraintName(db: QueryRunner): Promise<void> {
  await db.query(`
    CREATE OR REPLACE FUNCTION refresh_workforce_rows(ids uuid[]) RETURNS void
      LANGUAGE sql AS $$
      SELECT lock_workforce_row_ancestors(ids);
      DELETE FROM workforce_rows w
       WHERE w.id = ANY (ids) AND NOT EXISTS (SELECT FROM workforce_listed l WHERE l.id = w.id);
      DELETE FROM workforce_search s
       WHERE s.id = ANY (ids) AND NOT EXISTS (SELECT FROM workforce_rows w WHERE w.id = s.id);
      INSERT INTO workforce_rows AS w (id, client_account_id, mission_date, status)
      SELECT id, client_account_id, mission_date, status FROM workforce_listed WHERE id = ANY (ids) ORDER BY id
      ON CONFLICT ON CONSTRAINT workforce_rows_pkey DO UPDATE SET mission_date = EXCLUDED.mission_date, status = EXCLUDED.status
       WHERE (w.mission_date, w.status) IS DISTINCT FROM (EXCLUDED.mission_date, EXCLUDED.status);
      INSERT INTO workforce_search AS s (id, client_account_id, mission_date, search)
      SELECT id, client_account_id, mission_date, search FROM workforce_listed WHERE id = ANY (ids) ORDER BY id
      ON CONFLICT ON CONSTRAINT workforce_search_pkey DO UPDATE SET mission_date = EXCLUDED.mission_date, search = EXCLUDED.search
       WHERE (s.mission_date, s.search) IS DISTINCT FROM (EXCLUDED.mission_date, EXCLUDED.search);
    $$;

    CREATE OR REPLACE FUNCTION refresh_register_rows(ids uuid[]) RETURNS void
      LANGUAGE sql AS $$
      SELECT lock_register_row_ancestors(ids);
      DELETE FROM register_rows x
       WHERE x.id = ANY (ids) AND NOT EXISTS (SELECT FROM register_listed l WHERE l.id = x.id);
      INSERT INTO register_rows AS x (id, client_account_id, updated_at, search)
      SELECT id, client_account_id, updated_at, search FROM register_listed WHERE id = ANY (ids) ORDER BY id
      ON CONFLICT ON CONSTRAINT register_rows_pkey DO UPDATE SET updated_at = EXCLUDED.updated_at, search = EXCLUDED.search
       WHERE (x.updated_at, x.search) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.search);
    $$;

    CREATE OR REPLACE FUNCTION refresh_pdv_rows(ids uuid[]) RETURNS void
      LANGUAGE sql AS $$
      SELECT lock_pdv_row_ancestors(ids);
      DELETE FROM pdv_rows x
       WHERE x.id = ANY (ids) AND NOT EXISTS (SELECT FROM pdv_listed l WHERE l.id = x.id);
      INSERT INTO pdv_rows AS x (id, client_account_id, updated_at, search)
      SELECT id, client_account_id, updated_at, search FROM pdv_listed WHERE id = ANY (ids) ORDER BY id
      ON CONFLICT ON CONSTRAINT pdv_rows_pkey DO UPDATE SET updated_at = EXCLUDED.updated_at, search = EXCLUDED.search
       WHERE (x.updated_at, x.search) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.search);
    $$;
  `);
}
