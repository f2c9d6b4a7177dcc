import { MIGRATIONS } from '../migrations';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { migrate, openDataSource } from './data-source';

describe('migrate', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('instances starting at once take turns: every migration is applied exactly once, and none fails', async () => {
    const sources = await Promise.all([1, 2, 3].map(() => openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 })));
    try {
      const results = await Promise.all(sources.map((source) => migrate(source)));
      expect(results.flat().sort()).toEqual(MIGRATIONS.map((migration) => new migration().name).sort());
      expect(await migrate(sources[0])).toEqual([]);
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
    }
  });

  it('the migrations since the listing rows can be undone and applied again, leaving their triggers working', async () => {
    const source = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
    const one = async (sql: string) => (await source.query(sql))[0];
    const undo = () => source.undoLastMigration({ transaction: 'each' });
    const deferrableTriggers = `SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE '%\\_listings' AND pg_get_triggerdef(oid) LIKE '%listing_rows_maintained()%'`;
    const foreignKeys = `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f'`;
    const indexes = `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'public'`;
    const expiryIndex = `SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'missions_users_expiry_idx'`;
    const flagKey = `SELECT count(*)::int AS n FROM pg_constraint WHERE conname = 'main_missions_check_in_check_out_fkey'`;
    const outboxTables = `SELECT count(*)::int AS tables FROM pg_tables WHERE tablename IN ('events', 'event_streams', 'webhook_endpoints', 'webhook_deliveries')`;
    const idOnlyKeys = `SELECT count(*)::int AS n FROM pg_constraint
                         WHERE pg_get_constraintdef(oid) = 'PRIMARY KEY (id)' AND conrelid NOT IN ('client_accounts'::regclass, 'schema_migrations'::regclass)`;
    try {
      await migrate(source);
      const since = MIGRATIONS.map((migration) => new migration().name).slice(MIGRATIONS.findIndex((m) => m.name.startsWith('ListingRowsAndCounts')));
      expect(since).toEqual([
        'ListingRowsAndCounts1764200000000',
        'DeferrableListingRows1764300000000',
        'ImpliedForeignKeys1764400000000',
        'AccountScopedKeys1764500000000',
        'ParticipantExpiryIndex1764510000000',
        'CheckInCheckOutFromSubcategory1764520000000',
        'OutboxAndWebhooks1764600000000',
        'DistributableKeys1764700000000',
      ]);
      const migrated = { triggers: await one(deferrableTriggers), foreignKeys: await one(foreignKeys), indexes: await one(indexes) };
      expect(migrated.triggers).toEqual({ n: 12 });
      expect(await one(expiryIndex)).toEqual({ n: 1 });
      expect(await one(flagKey)).toEqual({ n: 1 });
      expect(await one(outboxTables)).toEqual({ tables: 4 });
      expect(await one(idOnlyKeys)).toEqual({ n: 0 });

      await undo();
      // Back to a primary key on the id alone, beside the tenant key the foreign keys point at.
      expect(await one(idOnlyKeys)).toEqual({ n: 22 });
      expect((await one(foreignKeys)).n).toBe(migrated.foreignKeys.n);
      expect((await one(indexes)).n).toBe(migrated.indexes.n + 13 + 1);
      await undo();
      expect(await one(outboxTables)).toEqual({ tables: 0 });
      const beforeOutbox = { foreignKeys: (await one(foreignKeys)).n, indexes: (await one(indexes)).n };
      await undo();
      expect(await one(flagKey)).toEqual({ n: 0 });
      // It took the place of the main mission's tenant key to its subcategory.
      expect((await one(foreignKeys)).n).toBe(beforeOutbox.foreignKeys);
      await undo();
      expect(await one(expiryIndex)).toEqual({ n: 0 });
      // The flag's unique key on subcategories and the expiry index.
      expect((await one(indexes)).n).toBe(beforeOutbox.indexes - 2);
      await undo();
      expect((await one(indexes)).n).toBe(beforeOutbox.indexes - 2 + 5);
      await undo();
      expect((await one(foreignKeys)).n).toBe(beforeOutbox.foreignKeys + 30);
      await undo();
      expect(await one(deferrableTriggers)).toEqual({ n: 0 });
      expect(await one(`SELECT count(*)::int AS n FROM pg_views WHERE viewname LIKE '%\\_listed'`)).toEqual({ n: 0 });
      expect(await one(`SELECT prosrc LIKE '%workforce_listed%' AS reads_view FROM pg_proc WHERE proname = 'refresh_workforce_rows'`)).toEqual({ reads_view: false });
      await undo();
      expect(await one(`SELECT count(*)::int AS tables FROM pg_tables WHERE tablename IN ('listing_counts', 'workforce_rows')`)).toEqual({ tables: 0 });

      expect(await migrate(source)).toEqual(since);
      expect({ triggers: await one(deferrableTriggers), foreignKeys: await one(foreignKeys), indexes: await one(indexes) }).toEqual(migrated);
      expect(await one(expiryIndex)).toEqual({ n: 1 });
      expect(await one(flagKey)).toEqual({ n: 1 });
      expect(await one(outboxTables)).toEqual({ tables: 4 });
      expect(await one(idOnlyKeys)).toEqual({ n: 0 });
      expect(await one(`SELECT count(*)::int AS functions FROM pg_proc WHERE proname = 'add_listing_deltas'`)).toEqual({ functions: 1 });
    } finally {
      await source.destroy();
    }
  });
});
