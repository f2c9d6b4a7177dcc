import {
  type PageRequest,
  type PageRows,
  type WorkforceFilter,
  WorkforceResultsReadModel,
  type WorkforceResultRow,
} from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { readPage } from './read-page';
import { SqlFilter } from './sql-filter';

const FROM = `
  FROM missions_users mu
  JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
  JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id`;

// search: user name, mission name, MB key, MU key (contract section 4).
const SEARCH_ARMS = [
  (p: string) => `SELECT id FROM missions_users WHERE client_account_id = $1 AND (user_name ILIKE ${p} OR mu_key ILIKE ${p})`,
  (p: string) => `SELECT x.id FROM missions y
      JOIN missions_users x ON x.mission_id = y.id AND x.client_account_id = y.client_account_id
     WHERE y.client_account_id = $1 AND y.mb_key ILIKE ${p}`,
  (p: string) => `SELECT x.id FROM main_missions z
      JOIN missions y ON y.main_mission_id = z.id AND y.client_account_id = z.client_account_id
      JOIN missions_users x ON x.mission_id = y.id AND x.client_account_id = y.client_account_id
     WHERE z.client_account_id = $1 AND z.name ILIKE ${p}`,
];

/** Participants of workforce missions (main mission with check_in_check_out), by mission date. */
export class PostgresWorkforceResultsReadModel extends WorkforceResultsReadModel {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(accountId: string, filter: WorkforceFilter, request: PageRequest): Promise<PageRows<WorkforceResultRow>> {
    const where = new SqlFilter(accountId)
      .where('mu.client_account_id = $1')
      .where('mm.check_in_check_out')
      .period('m.mission_date', filter.period)
      .whereValue(filter.status, (p) => `mu.status = ${p}`)
      .whereValue(filter.mbKey, (p) => `m.mb_key = ${p}`)
      .whereValue(filter.muKey, (p) => `mu.mu_key = ${p}`)
      .search(filter.search, 'mu.id', SEARCH_ARMS);
    const limit = where.page(request);
    return readPage(this.db, {
      prelude: where.prelude,
      page: `SELECT iso_utc(m.mission_date) AS mission_date, mu.user_name, mm.name AS mission, m.mb_key, mu.mu_key,
                mu.status::int AS mission_status, iso_utc(mu.check_in_at) AS check_in_at, iso_utc(mu.check_out_at) AS check_out_at,
                mu.rating::int AS rating, mu.rating_message, mu.is_buffer, mu.requests, mu.is_sla, mu.token_input
         ${FROM}
         WHERE ${where.sql}
         ORDER BY m.mission_date DESC, mu.id DESC
         ${limit}`,
      count: `SELECT count(*)::int ${FROM} WHERE ${where.sql}`,
      params: where.params,
    });
  }
}
