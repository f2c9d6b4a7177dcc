import { type PageRequest, type PageRows, type PdvFilter, type PdvResultItem, PdvResultsReadModel } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { aggregateTotal } from './listing-total';
import { readPage } from './read-page';
import type { SearchBulkhead } from './search-bulkhead';
import { SqlFilter } from './sql-filter';

// search, column by column: product name, mission name, MB key, MU key, identifier (contract
// section 4). The mission is reached through the participant, the path the item shows it by.
const columnsMatch = (p: string) => `x.id IN (
    SELECT p2.id FROM pdv_records p2
      JOIN import_products ip2 ON ip2.id = p2.import_products_id AND ip2.client_account_id = p2.client_account_id
      JOIN registers r2 ON r2.id = p2.register_id AND r2.client_account_id = p2.client_account_id
      JOIN missions_users mu2 ON mu2.id = r2.missions_user_id AND mu2.client_account_id = r2.client_account_id
      JOIN missions m2 ON m2.id = mu2.mission_id AND m2.client_account_id = mu2.client_account_id
      JOIN main_missions mm2 ON mm2.id = m2.main_mission_id AND mm2.client_account_id = m2.client_account_id
     WHERE p2.client_account_id = $1
       AND (ip2.name ILIKE ${p} OR mm2.name ILIKE ${p} OR m2.mb_key ILIKE ${p} OR mu2.mu_key ILIKE ${p} OR r2.identifier ILIKE ${p}))`;

// Guards the walk up the hierarchy against a cycle in imported data.
const MAX_CATEGORY_DEPTH = 32;

/**
 * DONE point-of-sale records by last update, cut from `pdv_rows` (one narrow row per listed record,
 * in an index of the listing's order); with no `search`, `mbKey` or `muKey` the total is read from
 * the count aggregates. The category path is walked up the imported-products
 * hierarchy only for the rows of the page, after LIMIT.
 */
export class PostgresPdvResultsReadModel extends PdvResultsReadModel {
  constructor(
    private readonly db: DataSource,
    private readonly searches?: SearchBulkhead,
  ) {
    super();
  }

  async page(accountId: string, filter: PdvFilter, request: PageRequest): Promise<PageRows<PdvResultItem>> {
    const where = new SqlFilter(accountId)
      .where('x.client_account_id = $1')
      .period('x.updated_at', filter.period)
      .whereValue(
        filter.mbKey,
        (p) => `x.id IN (SELECT p2.id FROM missions m2
            JOIN missions_users mu2 ON mu2.mission_id = m2.id AND mu2.client_account_id = m2.client_account_id
            JOIN registers r2 ON r2.missions_user_id = mu2.id AND r2.client_account_id = mu2.client_account_id
            JOIN pdv_records p2 ON p2.register_id = r2.id AND p2.client_account_id = r2.client_account_id
           WHERE m2.client_account_id = $1 AND m2.mb_key = ${p})`,
      )
      .whereValue(
        filter.muKey,
        (p) => `x.id IN (SELECT p2.id FROM missions_users mu2
            JOIN registers r2 ON r2.missions_user_id = mu2.id AND r2.client_account_id = mu2.client_account_id
            JOIN pdv_records p2 ON p2.register_id = r2.id AND p2.client_account_id = r2.client_account_id
           WHERE mu2.client_account_id = $1 AND mu2.mu_key = ${p})`,
      )
      .search(filter.search, 'x.search', columnsMatch);
    const searching = filter.search !== null;
    // A search's matches are found once, for the page and the count alike.
    const rows = searching ? 'hits x' : `pdv_rows x WHERE ${where.sql}`;
    const limit = where.page(request);
    const count =
      searching || filter.mbKey !== null || filter.muKey !== null
        ? `SELECT count(*)::int FROM ${rows}`
        : aggregateTotal(where, {
            listing: 'pdv',
            period: filter.period,
            key: null,
            countRows: (from, before) =>
              `SELECT count(*) FROM pdv_rows x WHERE ${where.sql} AND x.updated_at >= ${from} AND x.updated_at < ${before}`,
          });
    const read = () =>
      readPage<PdvResultItem>(this.db, {
        prelude: searching ? [`hits AS MATERIALIZED (SELECT x.id, x.updated_at FROM pdv_rows x WHERE ${where.sql})`] : [],
        page: `WITH page AS (
             SELECT p.id, p.updated_at, p.register_id, mm.name AS mission, m.mb_key, mu.mu_key, r.identifier,
                    ip.name AS product, ip.id AS import_products_id, ip.parent_id, p.delivered_at, p.data
               FROM (SELECT x.id FROM ${rows} ORDER BY x.updated_at DESC, x.id DESC ${limit}) listed
               JOIN pdv_records p ON p.id = listed.id AND p.client_account_id = $1
               JOIN registers r ON r.id = p.register_id AND r.client_account_id = p.client_account_id
               JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
               JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
               JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id
               JOIN import_products ip ON ip.id = p.import_products_id AND ip.client_account_id = p.client_account_id
           )
           SELECT page.id AS pdv_id, page.register_id, page.mission, page.mb_key, page.mu_key, page.identifier, page.product,
                  page.import_products_id,
                  (WITH RECURSIVE chain AS (
                     SELECT c.id, c.parent_id, c.name, 1 AS depth FROM import_products c
                      WHERE c.client_account_id = $1 AND c.id = page.parent_id
                     UNION ALL
                     SELECT up.id, up.parent_id, up.name, chain.depth + 1 FROM import_products up
                       JOIN chain ON up.id = chain.parent_id
                      WHERE up.client_account_id = $1 AND chain.depth < ${MAX_CATEGORY_DEPTH}
                   )
                   SELECT coalesce(array_agg(chain.name ORDER BY chain.depth DESC), '{}') FROM chain) AS category,
                  iso_utc(page.delivered_at) AS delivered_at, iso_utc(page.updated_at) AS updated_at, page.data
           FROM page
           ORDER BY page.updated_at DESC, page.id DESC`,
        count,
        params: where.params,
      }, searching ? request.signal : undefined);
    // Searches are the expensive requests: they wait for a place in the bulkhead.
    return searching && this.searches ? this.searches.run(accountId, read, request.signal) : read();
  }
}
