import {
  type PageRequest,
  type PageRows,
  type WorkforceFilter,
  WorkforceResultsReadModel,
  type WorkforceResultRow,
} from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { aggregateTotal } from './listing-total';
import { readPage } from './read-page';
import type { SearchBulkhead } from './search-bulkhead';
import { SqlFilter } from './sql-filter';

// search, column by column: user name, mission name, MB key, MU key (contract section 4).
const columnsMatch = (row: string) => (p: string) => `${row}.id IN (
    SELECT mu2.id FROM missions_users mu2
      JOIN missions m2 ON m2.id = mu2.mission_id AND m2.client_account_id = mu2.client_account_id
      JOIN main_missions mm2 ON mm2.id = m2.main_mission_id AND mm2.client_account_id = m2.client_account_id
     WHERE mu2.client_account_id = $1
       AND (mu2.user_name ILIKE ${p} OR mm2.name ILIKE ${p} OR m2.mb_key ILIKE ${p} OR mu2.mu_key ILIKE ${p}))`;

/**
 * Participants of workforce missions (main mission with check_in_check_out), by mission date. The
 * page is cut from `workforce_rows` (one narrow row per listed participant, in a covering index of
 * the listing's order) and only its rows are joined to what the item shows; `search` matches the
 * participant's document in `workforce_search`. With no `search`,
 * `mbKey` or `muKey`, the total is read from the count aggregates.
 */
export class PostgresWorkforceResultsReadModel extends WorkforceResultsReadModel {
  constructor(
    private readonly db: DataSource,
    private readonly searches?: SearchBulkhead,
  ) {
    super();
  }

  async page(accountId: string, filter: WorkforceFilter, request: PageRequest): Promise<PageRows<WorkforceResultRow>> {
    const searching = filter.search !== null;
    // A search reads workforce_search alone (documents and mission dates); a status joins its row.
    const t = searching ? 'ws' : 'w';
    const where = new SqlFilter(accountId)
      .where(`${t}.client_account_id = $1`)
      .period(`${t}.mission_date`, filter.period)
      .whereValue(filter.status, (p) =>
        searching ? `EXISTS (SELECT FROM workforce_rows w2 WHERE w2.id = ws.id AND w2.status = ${p})` : `w.status = ${p}`,
      )
      .whereValue(
        filter.mbKey,
        (p) => `${t}.id IN (SELECT mu2.id FROM missions m2
            JOIN missions_users mu2 ON mu2.mission_id = m2.id AND mu2.client_account_id = m2.client_account_id
           WHERE m2.client_account_id = $1 AND m2.mb_key = ${p})`,
      )
      .whereValue(filter.muKey, (p) => `${t}.id IN (SELECT mu2.id FROM missions_users mu2 WHERE mu2.client_account_id = $1 AND mu2.mu_key = ${p})`)
      .search(filter.search, 'ws.search', columnsMatch(t));
    // A search's matches are found once, for the page and the count alike.
    const rows = searching ? 'hits w' : `workforce_rows w WHERE ${where.sql}`;
    const limit = where.page(request);
    const count =
      searching || filter.mbKey !== null || filter.muKey !== null
        ? `SELECT count(*)::int FROM ${rows}`
        : aggregateTotal(where, {
            listing: 'workforce',
            period: filter.period,
            key: filter.status,
            countRows: (from, before) =>
              `SELECT count(*) FROM workforce_rows w WHERE ${where.sql} AND w.mission_date >= ${from} AND w.mission_date < ${before}`,
          });
    const read = () =>
      readPage<WorkforceResultRow>(this.db, {
        prelude: searching
          ? [`hits AS MATERIALIZED (SELECT ws.id, ws.mission_date FROM workforce_search ws WHERE ${where.sql})`]
          : [],
        page: `WITH page AS (
             SELECT w.id, w.mission_date FROM ${rows}
             ORDER BY w.mission_date DESC, w.id DESC
             ${limit}
           )
           SELECT iso_utc(m.mission_date) AS mission_date, mu.user_name, mm.name AS mission, m.mb_key, mu.mu_key,
                  mu.status::int AS mission_status, iso_utc(mu.check_in_at) AS check_in_at, iso_utc(mu.check_out_at) AS check_out_at,
                  mu.rating::int AS rating, mu.rating_message, mu.is_buffer, mu.requests, mu.is_sla, mu.token_input
             FROM page
             JOIN missions_users mu ON mu.id = page.id AND mu.client_account_id = $1
             JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id
             JOIN main_missions mm ON mm.id = m.main_mission_id AND mm.client_account_id = m.client_account_id
            ORDER BY page.mission_date DESC, page.id DESC`,
        count,
        params: where.params,
      }, searching ? request.signal : undefined);
    // Searches are the expensive requests: they wait for a place in the bulkhead.
    return searching && this.searches ? this.searches.run(accountId, read, request.signal) : read();
  }
}
