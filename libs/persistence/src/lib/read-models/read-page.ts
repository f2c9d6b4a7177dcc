import type { PageRows } from '@mwr/domain';
import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { SearchAbandonedError } from './search-bulkhead';

export interface PageStatements {
  /** WITH items both statements use, computed once (e.g. the matches of `search`); empty for none. */
  prelude: string[];
  page: string;
  count: string;
  params: unknown[];
}

/**
 * Sends a listing's page and count as ONE statement, so both read the same snapshot: `total` is
 * exactly the number of rows the page was cut from, even while writes go on, and what they share
 * (the prelude) is computed once. The page's rows come back as a JSON array in the page's order.
 */
export async function readPage<R>(db: DataSource, statements: PageStatements, signal?: AbortSignal): Promise<PageRows<R>> {
  const prelude = statements.prelude.length > 0 ? `WITH ${statements.prelude.join(',\n')}\n` : '';
  // json_agg takes the rows in the order the page query yields them: a subquery with ORDER BY and
  // LIMIT is never flattened into the aggregate's level, so nothing reorders them in between.
  const sql = `${prelude}SELECT (${statements.count}) AS total,
            (SELECT coalesce(json_agg(listed), '[]'::json) FROM (${statements.page}) listed) AS rows`;
  const [{ total, rows }] = signal ? await queryCancellable(db, sql, statements.params, signal) : await db.query(sql, statements.params);
  return { total, rows };
}

/**
 * Runs the statement on a connection of its own and cancels it on the server when `signal` aborts
 * (its client went away): an expensive search nobody waits for stops holding a core. The connection
 * goes back to the pool only after any cancel sent has been answered, so a late cancel can never
 * reach the next statement that connection runs.
 */
async function queryCancellable(db: DataSource, sql: string, params: unknown[], signal: AbortSignal): Promise<{ total: number; rows: unknown[] }[]> {
  if (signal.aborted) throw new SearchAbandonedError();
  const runner = db.createQueryRunner();
  let cancelled: Promise<unknown> | null = null;
  try {
    const { processID } = (await runner.connect()) as PoolClient & { processID: number };
    const cancel = () => {
      cancelled = db.query('SELECT pg_cancel_backend($1)', [processID]).catch(() => undefined);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await runner.query(sql, params);
    } catch (error) {
      // 57014: query_canceled, by the cancel above.
      const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
      if (signal.aborted && code === '57014') throw new SearchAbandonedError();
      throw error;
    } finally {
      signal.removeEventListener('abort', cancel);
      await cancelled;
    }
  } finally {
    await runner.release();
  }
}
