import type { DataSource } from 'typeorm';
import { openDataSource } from './database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../testing/test-database';

/**
 * docs/adr/0019: the schema stays distributable by client account. A distributed PostgreSQL
 * (Citus) shards every tenant table by `client_account_id` and can enforce a key only where the
 * key contains it; these checks run over the live schema, so a migration that adds a table or a
 * key without the account fails here, not on the day the service moves.
 */
const GLOBAL_TABLES = ['client_accounts', 'schema_migrations'];

const KEYS_WITHOUT_THE_ACCOUNT = `
  WITH tenant AS (
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
       AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'client_account_id' AND NOT a.attisdropped)
  ),
  keys AS (
    SELECT t.relname AS "table", con.conname AS "key", con.contype::text AS kind, con.conkey AS columns, con.conrelid AS relation
      FROM tenant t JOIN pg_constraint con ON con.conrelid = t.oid WHERE con.contype IN ('p', 'u', 'f')
    UNION ALL
    -- Unique indexes that no key constraint owns (CREATE UNIQUE INDEX; a foreign key names its
    -- referenced index in conindid too).
    SELECT t.relname, i.relname, 'unique index', x.indkey::int2[], x.indrelid
      FROM tenant t JOIN pg_index x ON x.indrelid = t.oid JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indisunique AND NOT EXISTS (SELECT FROM pg_constraint con WHERE con.conindid = x.indexrelid AND con.contype IN ('p', 'u'))
  )
  SELECT "table", "key", kind FROM keys k
   WHERE NOT EXISTS (
     SELECT FROM unnest(k.columns) AS c(attnum) JOIN pg_attribute a ON a.attrelid = k.relation AND a.attnum = c.attnum
      WHERE a.attname = 'client_account_id')
   ORDER BY 1, 2`;

describe('the schema stays distributable by client account (docs/adr/0019)', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 1 });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('every table but the accounts themselves and the migrations log holds client_account_id', async () => {
    const tables = (await db.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
          AND NOT EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'client_account_id' AND NOT a.attisdropped)
        ORDER BY 1`,
    )) as { name: string }[];
    expect(tables.map((table) => table.name)).toEqual([...GLOBAL_TABLES].sort());
  });

  it('every primary key, unique key, unique index and foreign key of a tenant table includes client_account_id', async () => {
    expect(await db.query(KEYS_WITHOUT_THE_ACCOUNT)).toEqual([]);
  });

  it('the check finds a key without the account: a primary key, a unique index and a foreign key added without it are each named', async () => {
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      // As a careless migration could: a key on the id alone, and a reference to it.
      await runner.query(`
        CREATE TABLE scratch (id uuid PRIMARY KEY, client_account_id uuid NOT NULL, code text, demand_id uuid);
        CREATE UNIQUE INDEX scratch_code_key ON scratch (code);
        CREATE UNIQUE INDEX demands_id_only_key ON demands (id);
        ALTER TABLE scratch ADD CONSTRAINT scratch_demand_fkey FOREIGN KEY (demand_id) REFERENCES demands (id);
      `);
      expect(await runner.query(KEYS_WITHOUT_THE_ACCOUNT)).toEqual([
        { table: 'demands', key: 'demands_id_only_key', kind: 'unique index' },
        { table: 'scratch', key: 'scratch_code_key', kind: 'unique index' },
        { table: 'scratch', key: 'scratch_demand_fkey', kind: 'f' },
        { table: 'scratch', key: 'scratch_pkey', kind: 'p' },
      ]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
