import { type PageRequest, type PageRows, type RegisterFilter, type RegisterResultItem, RegisterResultsReadModel } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { readPage } from './read-page';
import { SqlFilter } from './sql-filter';

// References are tenant-consistent (migration 1763900000000), so each join always matches: the
// count reads registers alone unless an mbKey or muKey filter needs a joined table (search
// brings its own joins, as a set of register ids).
const COUNT_FROM_REGISTERS = `FROM registers r`;

const FROM = `
  FROM registers r
  JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
  JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
  JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id`;

// search: mission name, MB key, MU key, identifier (spec 4.6). The mission is reached through the
// participant, the path the item itself shows it by.
const SEARCH_ARMS = [
  (p: string) => `SELECT id FROM registers WHERE client_account_id = $1 AND identifier ILIKE ${p}`,
  (p: string) => `SELECT r2.id FROM missions_users x
      JOIN registers r2 ON r2.missions_user_id = x.id AND r2.client_account_id = x.client_account_id
     WHERE x.client_account_id = $1 AND x.mu_key ILIKE ${p}`,
  (p: string) => `SELECT r2.id FROM missions y
      JOIN missions_users x ON x.mission_id = y.id AND x.client_account_id = y.client_account_id
      JOIN registers r2 ON r2.missions_user_id = x.id AND r2.client_account_id = x.client_account_id
     WHERE y.client_account_id = $1 AND y.mb_key ILIKE ${p}`,
  (p: string) => `SELECT r2.id FROM main_missions z
      JOIN missions y ON y.main_mission_id = z.id AND y.client_account_id = z.client_account_id
      JOIN missions_users x ON x.mission_id = y.id AND x.client_account_id = y.client_account_id
      JOIN registers r2 ON r2.missions_user_id = x.id AND r2.client_account_id = x.client_account_id
     WHERE z.client_account_id = $1 AND z.name ILIKE ${p}`,
];

function joinsNeeded(filter: RegisterFilter): boolean {
  return filter.mbKey !== null || filter.muKey !== null;
}

/**
 * APPROVED registers by last update. The blocks are aggregated with json_agg in subqueries that run
 * only for the rows of the page (after LIMIT), and only when the main mission's flag asks for them.
 */
export class PostgresRegisterResultsReadModel extends RegisterResultsReadModel {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(accountId: string, filter: RegisterFilter, request: PageRequest): Promise<PageRows<RegisterResultItem>> {
    const where = new SqlFilter(accountId)
      .where('r.client_account_id = $1')
      .where(`r.status = 'APPROVED'`)
      .period('r.updated_at', filter.period)
      .whereValue(filter.mbKey, (p) => `m.mb_key = ${p}`)
      .whereValue(filter.muKey, (p) => `mu.mu_key = ${p}`)
      .search(filter.search, 'r.id', SEARCH_ARMS);
    const limit = where.page(request);
    return readPage(this.db, {
      prelude: where.prelude,
      page: `WITH page AS (
           SELECT r.id, r.updated_at, r.missions_user_id, r.identifier, m.id AS mission_id, m.mission_date, m.mb_key,
                  mu.mu_key, mu.user_name, mm.id AS main_mission_id, mm.name AS mission,
                  mm.has_pos, mm.has_forms, mm.check_in_check_out, mm.has_delivery_places
           ${FROM}
           WHERE ${where.sql}
           ORDER BY r.updated_at DESC, r.id DESC
           ${limit}
         )
         SELECT page.id AS register_id, iso_utc(page.updated_at) AS register_updated_at, page.mission_id,
                page.main_mission_id AS missions_main_id, page.mb_key, page.mu_key, page.mission, page.identifier,
                page.has_pos, page.has_forms, page.check_in_check_out, page.has_delivery_places,
                CASE WHEN page.has_pos THEN (
                  SELECT coalesce(json_agg(json_build_object(
                           'delivered_at', iso_utc(p.delivered_at), 'product', ip.name,
                           'import_products_id', ip.id, 'data', p.data) ORDER BY p.delivered_at DESC NULLS LAST, p.id), '[]')
                    FROM pdv_records p
                    JOIN import_products ip ON ip.id = p.import_products_id AND ip.client_account_id = p.client_account_id
                   WHERE p.client_account_id = $1 AND p.register_id = page.id AND p.status = 'DONE'
                ) END AS pdv,
                CASE WHEN page.has_forms THEN (
                  SELECT coalesce(json_agg(json_build_object(
                           'form_id', f.id, 'forms_name', f.name, 'identifier', fd.identifier,
                           'answers', (SELECT coalesce(json_agg(json_build_object(
                                               'order', a.position::text, 'question', a.question, 'answer', a.answer)
                                             ORDER BY a.position), '[]')
                                         FROM forms_data_answers a
                                        WHERE a.client_account_id = $1 AND a.forms_data_id = fd.id))
                         ORDER BY fd.answered_at, fd.id), '[]')
                    FROM forms_data fd
                    JOIN forms f ON f.id = fd.form_id AND f.client_account_id = fd.client_account_id
                   WHERE fd.client_account_id = $1 AND fd.register_id = page.id
                ) END AS forms_data,
                CASE WHEN page.check_in_check_out THEN json_build_object(
                  'mission_date', iso_utc(page.mission_date), 'user_name', page.user_name,
                  'mb_key', page.mb_key, 'mu_key', page.mu_key
                ) END AS workforce,
                CASE WHEN page.has_delivery_places THEN (
                  SELECT coalesce(json_agg(json_build_object(
                           'delivery_id', s.id, 'type', s.type, 'progress', s.progress, 'place_name', dp.name,
                           'address', dp.address, 'identifier', s.identifier, 'started_at', iso_utc(s.started_at),
                           'finished_at', iso_utc(s.finished_at), 'updated_at', iso_utc(s.updated_at))
                         ORDER BY s.started_at, s.id), '[]')
                    FROM delivery_stops s
                    JOIN delivery_places dp ON dp.id = s.delivery_place_id AND dp.client_account_id = s.client_account_id
                   WHERE s.client_account_id = $1 AND s.missions_user_id = page.missions_user_id
                ) END AS delivery
         FROM page
         ORDER BY page.updated_at DESC, page.id DESC`,
      count: `SELECT count(*)::int ${joinsNeeded(filter) ? FROM : COUNT_FROM_REGISTERS} WHERE ${where.sql}`,
      params: where.params,
    });
  }
}
