import type { PageRows } from '@mwr/domain';
import type { DataSource } from 'typeorm';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Runs a listing's page and count statements in one read-only REPEATABLE READ transaction: both see
 * the same snapshot, so `total` is exactly the number of rows the page was cut from, even while
 * writes go on.
 */
export function readPage<R>(db: DataSource, page: Statement, count: Statement): Promise<PageRows<R>> {
  return db.transaction('REPEATABLE READ', async (manager) => {
    await manager.query('SET TRANSACTION READ ONLY');
    const rows: R[] = await manager.query(page.sql, page.params);
    const [{ total }] = await manager.query(count.sql, count.params);
    return { total, rows };
  });
}
