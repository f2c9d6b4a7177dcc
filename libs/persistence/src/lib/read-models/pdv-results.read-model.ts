import { type PageRequest, type PageRows, type PdvFilter, type PdvResultItem, PdvResultsReadModel } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { readPage } from './read-page';
import { SqlFilter } from './sql-filter';

// References are tenant-consistent (migration 1763900000000), so each join always matches: the
// count reads pdv_records alone unless an mbKey or muKey filter needs a joined table (search
// brings its own joins, as a set of record ids).
const COUNT_FROM_RECORDS = `FROM pdv_records p`;

const FROM = `
  FROM pdv_records p
  JOIN registers r ON r.id = p.register_id AND r.client_account_id = p.client_account_id
  JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
  JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
  JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id
  JOIN import_products ip ON ip.id = p.import_products_id AND ip.client_account_id = p.client_account_id`;

// search: product name, mission name, MB key, MU key, identifier (contract section 4). The mission
// is reached through the participant, the path the item itself shows it by.
const SEARCH_ARMS = [
  (p: string) => `SELECT p2.id FROM import_products ip2
      JOIN pdv_records p2 ON p2.import_products_id = ip2.id AND p2.client_account_id = ip2.client_account_id
     WHERE ip2.client_account_id = $1 AND ip2.name ILIKE ${p}`,
  (p: string) => `SELECT p2.id FROM registers r2
      JOIN pdv_records p2 ON p2.register_id = r2.id AND p2.client_account_id = r2.client_account_id
     WHERE r2.client_account_id = $1 AND r2.identifier ILIKE ${p}`,
  (p: string) => `SELECT p2.id FROM missions_users x
      JOIN registers r2 ON r2.missions_user_id = x.id AND r2.client_account_id = x.client_account_id
      JOIN pdv_records p2 ON p2.register_id = r2.id AND p2.client_account_id = r2.client_account_id
     WHERE x.client_account_id = $1 AND x.mu_key ILIKE ${p}`,
  (p: string) => `SELECT p2.id FROM missions y
      JOIN missions_users x ON x.mission_id = y.id AND x.client_account_id = y.client_account_id
      JOIN registers r2 ON r2.missions_user_id = x.id AND r2.client_account_id = x.client_account_id
      JOIN pdv_records p2 ON p2.register_id = r2.id AND p2.client_account_id = r2.client_account_id
     WHERE y.client_account_id = $1 AND y.mb_key ILIKE ${p}`,
  (p: string) => `SELECT p2.id FROM main_missions z
      JOIN missions y ON y.main_mission_id = z.id AND y.client_account_id = z.client_account_id
      JOIN missions_users x ON x.mission_id = y.id AND x.client_account_id = y.client_account_id
      JOIN registers r2 ON r2.missions_user_id = x.id AND r2.client_account_id = x.client_account_id
      JOIN pdv_records p2 ON p2.register_id = r2.id AND p2.client_account_id = r2.client_account_id
     WHERE z.client_account_id = $1 AND z.name ILIKE ${p}`,
];

function joinsNeeded(filter: PdvFilter): boolean {
  return filter.mbKey !== null || filter.muKey !== null;
}

// Guards the walk up the hierarchy against a cycle in imported data.
const MAX_CATEGORY_DEPTH = 32;

/**
 * DONE point-of-sale records by last update. The category path is walked up the imported-products
 * hierarchy only for the rows of the page, after LIMIT.
 */
export class PostgresPdvResultsReadModel extends PdvResultsReadModel {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(accountId: string, filter: PdvFilter, request: PageRequest): Promise<PageRows<PdvResultItem>> {
    const where = new SqlFilter(accountId)
      .where('p.client_account_id = $1')
      .where(`p.status = 'DONE'`)
      .period('p.updated_at', filter.period)
      .whereValue(filter.mbKey, (p) => `m.mb_key = ${p}`)
      .whereValue(filter.muKey, (p) => `mu.mu_key = ${p}`)
      .search(filter.search, 'p.id', SEARCH_ARMS);
    const limit = where.page(request);
    return readPage(this.db, {
      prelude: where.prelude,
      page: `WITH page AS (
           SELECT p.id, p.updated_at, p.register_id, mm.name AS mission, m.mb_key, mu.mu_key, r.identifier,
                  ip.name AS product, ip.id AS import_products_id, ip.parent_id, p.delivered_at, p.data
           ${FROM}
           WHERE ${where.sql}
           ORDER BY p.updated_at DESC, p.id DESC
           ${limit}
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
      count: `SELECT count(*)::int ${joinsNeeded(filter) ? FROM : COUNT_FROM_RECORDS} WHERE ${where.sql}`,
      params: where.params,
    });
  }
}
