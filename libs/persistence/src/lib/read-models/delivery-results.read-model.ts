import { type DeliveryFilter, type DeliveryResultItem, DeliveryResultsReadModel, type PageRequest, type PageRows } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { aggregateTotal } from './listing-total';
import { readPage } from './read-page';
import { SqlFilter } from './sql-filter';

/**
 * Collection and delivery stops, by the time the stop started. The page's ids are cut from the
 * stops' own index in the listing's order and only they are joined to what the item shows; with no
 * `mbKey` or `muKey` the total is read from the count aggregates.
 */
export class PostgresDeliveryResultsReadModel extends DeliveryResultsReadModel {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(accountId: string, filter: DeliveryFilter, request: PageRequest): Promise<PageRows<DeliveryResultItem>> {
    const where = new SqlFilter(accountId)
      .where('s.client_account_id = $1')
      .period('s.started_at', filter.period)
      .whereValue(filter.progress, (p) => `s.progress = ${p}`)
      .whereValue(
        filter.mbKey,
        (p) => `s.missions_user_id IN (SELECT mu2.id FROM missions m2
            JOIN missions_users mu2 ON mu2.mission_id = m2.id AND mu2.client_account_id = m2.client_account_id
           WHERE m2.client_account_id = $1 AND m2.mb_key = ${p})`,
      )
      .whereValue(filter.muKey, (p) => `s.missions_user_id IN (SELECT mu2.id FROM missions_users mu2 WHERE mu2.client_account_id = $1 AND mu2.mu_key = ${p})`);
    const limit = where.page(request);
    const count =
      filter.mbKey !== null || filter.muKey !== null
        ? `SELECT count(*)::int FROM delivery_stops s WHERE ${where.sql}`
        : aggregateTotal(where, {
            listing: 'deliveries',
            period: filter.period,
            key: filter.progress,
            countRows: (from, before) =>
              `SELECT count(*) FROM delivery_stops s WHERE ${where.sql} AND s.started_at >= ${from} AND s.started_at < ${before}`,
          });
    return readPage(this.db, {
      prelude: [],
      page: `SELECT s.id AS delivery_id, s.type, s.progress::int AS progress, dp.name AS place_name, dp.address, s.identifier,
                mm.name AS mission, m.mb_key, mu.mu_key, mu.user_name,
                iso_utc(s.started_at) AS started_at, iso_utc(s.finished_at) AS finished_at, iso_utc(s.updated_at) AS updated_at
           FROM (SELECT s.id FROM delivery_stops s WHERE ${where.sql} ORDER BY s.started_at DESC, s.id DESC ${limit}) listed
           JOIN delivery_stops s ON s.id = listed.id AND s.client_account_id = $1
           JOIN delivery_places dp ON dp.id = s.delivery_place_id AND dp.client_account_id = s.client_account_id
           JOIN missions_users mu ON mu.id = s.missions_user_id AND mu.client_account_id = s.client_account_id
           JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
           JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id
          ORDER BY s.started_at DESC, s.id DESC`,
      count,
      params: where.params,
    });
  }
}
