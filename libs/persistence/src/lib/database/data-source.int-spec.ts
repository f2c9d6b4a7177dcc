import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { openDataSource } from './data-source';
import { isDatabaseUnavailable } from './database-unavailable';

describe('openDataSource: a request that cannot get a connection fails fast', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('waits at most acquireTimeoutMs for a free connection, then fails as "database unavailable"', async () => {
    const dataSource = await openDataSource({ url: database.url, poolSize: 1, acquireTimeoutMs: 200 });
    try {
      const holding = dataSource.query('SELECT pg_sleep(1.5)');
      await new Promise((tick) => setTimeout(tick, 50));
      const started = Date.now();
      const error = await dataSource.query('SELECT 1').then(
        () => null,
        (failure: unknown) => failure,
      );
      const waited = Date.now() - started;
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(150);
      expect(waited).toBeLessThan(1_000);
      await holding;
    } finally {
      await dataSource.destroy();
    }
  });
});
