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

  it('the latest migration can be undone and applied again, leaving its triggers working', async () => {
    const source = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
    try {
      await migrate(source);
      await source.undoLastMigration({ transaction: 'each' });
      const [{ tables }] = await source.query(`SELECT count(*)::int AS tables FROM pg_tables WHERE tablename IN ('listing_counts', 'workforce_rows')`);
      expect(tables).toBe(0);
      expect(await migrate(source)).toEqual([new MIGRATIONS[MIGRATIONS.length - 1]().name]);
      const [{ functions }] = await source.query(`SELECT count(*)::int AS functions FROM pg_proc WHERE proname = 'add_listing_deltas'`);
      expect(functions).toBe(1);
    } finally {
      await source.destroy();
    }
  });
});
