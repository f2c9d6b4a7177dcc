import { type DeliveryFilter, type DeliveryResultItem, DeliveryResultsReadModel, type PageRequest, type PageRows } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { readPage } from './read-page';
import { SqlFilter } from './sql-filter';

// References are tenant-consistent (migration 1763900000000), so each join always matches: the
// count reads delivery_stops alone unless a filter needs a joined table.
const COUNT_FROM_STOPS = `FROM delivery_stops s`;

const FROM = `
  FROM delivery_stops s
  JOIN delivery_places dp ON dp.id = s.delivery_place_id AND dp.client_account_id = s.client_account_id
  JOIN missions_users mu ON mu.id = s.missions_user_id AND mu.client_account_id = s.client_account_id
  JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
  JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id`;

/** Collection and delivery stops, by the time the stop started. */
export class PostgresDeliveryResultsReadModel extends DeliveryResultsReadModel {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(accountId: string, filter: DeliveryFilter, request: PageRequest): Promise<PageRows<DeliveryResultItem>> {
    const where = new SqlFilter(accountId)
      .where('s.client_account_id = $1')
      .period('s.started_at', filter.period)
      .whereValue(filter.progress, (p) => `s.progress = ${p}`)
      .whereValue(filter.mbKey, (p) => `m.mb_key = ${p}`)
      .whereValue(filter.muKey, (p) => `mu.mu_key = ${p}`);
    const countFrom = filter.mbKey !== null || filter.muKey !== null ? FROM : COUNT_FROM_STOPS;
    const limit = where.page(request);
    return readPage(this.db, {
      prelude: where.prelude,
      page: `SELECT s.id AS delivery_id, s.type, s.progress::int AS progress, dp.name AS place_name, dp.address, s.identifier,
                mm.name AS mission, m.mb_key, mu.mu_key, mu.user_name,
                iso_utc(s.started_at) AS started_at, iso_utc(s.finished_at) AS finished_at, iso_utc(s.updated_at) AS updated_at
         ${FROM}
         WHERE ${where.sql}
         ORDER BY s.started_at DESC, s.id DESC
         ${limit}`,
      count: `SELECT count(*)::int ${countFrom} WHERE ${where.sql}`,
      params: where.params,
    });
  }
}
