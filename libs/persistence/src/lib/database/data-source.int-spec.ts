import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { openDataSource, poolStatistics } from './data-source';
import { isDatabaseUnavailable } from './database-unavailable';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('openDataSource: a request that cannot get a connection fails fast', () => {
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

describe('poolStatistics: what the pool holds, for the metrics', () => {
  it('counts open, idle and waiting: one busy connection of one, one caller waiting; all zero once closed', async () => {
    const dataSource = await openDataSource({ url: database.url, poolSize: 1, acquireTimeoutMs: 2_000 });
    const holding = dataSource.query('SELECT pg_sleep(0.5)');
    await new Promise((tick) => setTimeout(tick, 50));
    const waiting = dataSource.query('SELECT 1');
    expect(poolStatistics(dataSource)).toEqual({ total: 1, idle: 0, waiting: 1 });
    await Promise.all([holding, waiting]);
    expect(poolStatistics(dataSource)).toEqual({ total: 1, idle: 1, waiting: 0 });
    await dataSource.destroy();
    expect(poolStatistics(dataSource)).toEqual({ total: 0, idle: 0, waiting: 0 });
  });
});

describe('openDataSource: a connection whose statement outlived the client-side timeout', () => {
  it('is never used again: its transaction, which not even ROLLBACK could reach in time, is not committed by the next one', async () => {
    // One connection, so that without the fix the next transaction would run on the same one. The
    // client gives a statement queryTimeoutMs + 1 s; the server's own limit is lifted in the
    // transaction, as a stalled server would never apply it.
    const dataSource = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 100 });
    try {
      await dataSource.query(`CREATE TABLE written (what text)`);
      const stalled = dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO written VALUES ('by the failed transaction')`);
        await manager.query(`SET LOCAL statement_timeout = 0`);
        await manager.query(`SELECT pg_sleep(3)`);
      });
      await expect(stalled).rejects.toThrow(/timeout/);

      await dataSource.transaction((manager) => manager.query(`INSERT INTO written VALUES ('by the next one')`));
      expect(await dataSource.query(`SELECT what FROM written`)).toEqual([{ what: 'by the next one' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
