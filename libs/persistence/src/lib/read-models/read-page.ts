import type { PageRows } from '@mwr/domain';
import type { DataSource } from 'typeorm';

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
export async function readPage<R>(db: DataSource, statements: PageStatements): Promise<PageRows<R>> {
  const prelude = statements.prelude.length > 0 ? `WITH ${statements.prelude.join(',\n')}\n` : '';
  const [{ total, rows }] = await db.query(
    // json_agg takes the rows in the order the page query yields them: a subquery with ORDER BY and
    // LIMIT is never flattened into the aggregate's level, so nothing reorders them in between.
    `${prelude}SELECT (${statements.count}) AS total,
            (SELECT coalesce(json_agg(listed), '[]'::json) FROM (${statements.page}) listed) AS rows`,
    statements.params,
  );
  return { total, rows };
}
