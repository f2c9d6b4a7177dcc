import { type PageRequest, type PageRows, type PdvFilter, type PdvResultItem, PdvResultsReadModel } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { SqlFilter } from './sql-filter';

// References are tenant-consistent (migration 1763900000000), so each join always matches: the
// count reads pdv_records alone unless a filter needs a joined table.
const COUNT_FROM_RECORDS = `FROM pdv_records p`;

const FROM = `
  FROM pdv_records p
  JOIN registers r ON r.id = p.register_id AND r.client_account_id = p.client_account_id
  JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
  JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
  JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id
  JOIN import_products ip ON ip.id = p.import_products_id AND ip.client_account_id = p.client_account_id`;

function joinsNeeded(filter: PdvFilter): boolean {
  return filter.mbKey !== null || filter.muKey !== null || filter.search !== null;
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
      .search(filter.search, ['ip.name', 'mm.name', 'm.mb_key', 'mu.mu_key', 'r.identifier']);
    const countParams = [...where.params];
    const limit = where.page(request);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `WITH page AS (
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
        where.params,
      ),
      this.db.query(`SELECT count(*)::int AS total ${joinsNeeded(filter) ? FROM : COUNT_FROM_RECORDS} WHERE ${where.sql}`, countParams),
    ]);
    return { total, rows };
  }
}
