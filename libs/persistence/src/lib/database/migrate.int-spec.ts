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
});
