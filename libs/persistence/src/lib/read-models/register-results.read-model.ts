import { type PageRequest, type PageRows, type RegisterFilter, type RegisterResultItem, RegisterResultsReadModel } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { aggregateTotal } from './listing-total';
import { readPage } from './read-page';
import type { SearchBulkhead } from './search-bulkhead';
import { SqlFilter } from './sql-filter';

// search, column by column: mission name, MB key, MU key, identifier (spec 4.6). The mission is
// reached through the participant, the path the item itself shows it by.
const columnsMatch = (p: string) => `x.id IN (
    SELECT r2.id FROM registers r2
      JOIN missions_users mu2 ON mu2.id = r2.missions_user_id AND mu2.client_account_id = r2.client_account_id
      JOIN missions m2 ON m2.id = mu2.mission_id AND m2.client_account_id = mu2.client_account_id
      JOIN main_missions mm2 ON mm2.id = m2.main_mission_id AND mm2.client_account_id = m2.client_account_id
     WHERE r2.client_account_id = $1
       AND (mm2.name ILIKE ${p} OR m2.mb_key ILIKE ${p} OR mu2.mu_key ILIKE ${p} OR r2.identifier ILIKE ${p}))`;

/**
 * APPROVED registers by last update. The page is cut from `register_rows` (one narrow row per listed
 * register, in an index of the listing's order); with no `search`, `mbKey` or `muKey` the total is
 * read from the count aggregates. The blocks are aggregated with json_agg in subqueries that run
 * only for the rows of the page (after LIMIT), and only when the main mission's flag asks for them.
 */
export class PostgresRegisterResultsReadModel extends RegisterResultsReadModel {
  constructor(
    private readonly db: DataSource,
    private readonly searches?: SearchBulkhead,
  ) {
    super();
  }

  async page(accountId: string, filter: RegisterFilter, request: PageRequest): Promise<PageRows<RegisterResultItem>> {
    const where = new SqlFilter(accountId)
      .where('x.client_account_id = $1')
      .period('x.updated_at', filter.period)
      .whereValue(
        filter.mbKey,
        (p) => `x.id IN (SELECT r2.id FROM missions m2
            JOIN missions_users mu2 ON mu2.mission_id = m2.id AND mu2.client_account_id = m2.client_account_id
            JOIN registers r2 ON r2.missions_user_id = mu2.id AND r2.client_account_id = mu2.client_account_id
           WHERE m2.client_account_id = $1 AND m2.mb_key = ${p})`,
      )
      .whereValue(
        filter.muKey,
        (p) => `x.id IN (SELECT r2.id FROM missions_users mu2
            JOIN registers r2 ON r2.missions_user_id = mu2.id AND r2.client_account_id = mu2.client_account_id
           WHERE mu2.client_account_id = $1 AND mu2.mu_key = ${p})`,
      )
      .search(filter.search, 'x.search', columnsMatch);
    const searching = filter.search !== null;
    // A search's matches are found once, for the page and the count alike.
    const rows = searching ? 'hits x' : `register_rows x WHERE ${where.sql}`;
    const limit = where.page(request);
    const count =
      searching || filter.mbKey !== null || filter.muKey !== null
        ? `SELECT count(*)::int FROM ${rows}`
        : aggregateTotal(where, {
            listing: 'registers',
            period: filter.period,
            key: null,
            countRows: (from, before) =>
              `SELECT count(*) FROM register_rows x WHERE ${where.sql} AND x.updated_at >= ${from} AND x.updated_at < ${before}`,
          });
    const read = () =>
      readPage<RegisterResultItem>(this.db, {
        prelude: searching ? [`hits AS MATERIALIZED (SELECT x.id, x.updated_at FROM register_rows x WHERE ${where.sql})`] : [],
        page: `WITH page AS (
             SELECT r.id, r.updated_at, r.missions_user_id, r.identifier, m.id AS mission_id, m.mission_date, m.mb_key,
                    mu.mu_key, mu.user_name, mm.id AS main_mission_id, mm.name AS mission,
                    mm.has_pos, mm.has_forms, mm.check_in_check_out, mm.has_delivery_places
               FROM (SELECT x.id FROM ${rows} ORDER BY x.updated_at DESC, x.id DESC ${limit}) listed
               JOIN registers r ON r.id = listed.id AND r.client_account_id = $1
               JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
               JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
               JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id
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
        count,
        params: where.params,
      }, searching ? request.signal : undefined);
    // Searches are the expensive requests: they wait for a place in the bulkhead.
    return searching && this.searches ? this.searches.run(accountId, read, request.signal) : read();
  }
}
