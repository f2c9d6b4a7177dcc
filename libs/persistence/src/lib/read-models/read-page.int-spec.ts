import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { readPage } from './read-page';

describe('readPage: the page and its total come from one snapshot', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 3 });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const addAccount = (name: string) =>
    db.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, $3, '', now())`, [
      randomUUID(),
      `cl_${randomUUID()}`,
      name,
    ]);

  it('a row committed between the page and the count is in neither, so total matches the page', async () => {
    const name = `snapshot-${randomUUID()}`;
    await addAccount(name);
    // After the page statement, another connection commits one more matching row.
    const interleaved = {
      transaction: (isolation: string, work: (manager: EntityManager) => Promise<unknown>) =>
        db.transaction(isolation as 'REPEATABLE READ', (manager) => {
          let statements = 0;
          const query = async (sql: string, params?: unknown[]) => {
            const result = await manager.query(sql, params);
            if (!sql.startsWith('SET') && ++statements === 1) await addAccount(name);
            return result;
          };
          return work({ query } as unknown as EntityManager);
        }),
    } as unknown as DataSource;

    const { rows, total } = await readPage<{ id: string }>(
      interleaved,
      { sql: `SELECT id FROM client_accounts WHERE name = $1`, params: [name] },
      { sql: `SELECT count(*)::int AS total FROM client_accounts WHERE name = $1`, params: [name] },
    );
    expect(rows).toHaveLength(1);
    expect(total).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM client_accounts WHERE name = $1`, [name]))[0].n).toBe(2);
  });

  it('is read-only: a listing can never write', async () => {
    await expect(
      readPage(db, { sql: `DELETE FROM client_accounts WHERE false RETURNING id`, params: [] }, { sql: 'SELECT 0 AS total', params: [] }),
    ).rejects.toThrow(/read-only transaction/);
  });
});
