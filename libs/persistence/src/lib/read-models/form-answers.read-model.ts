import { type FormAnswerItem, type FormAnswersFilter, FormAnswersReadModel, type PageRequest, type PageRows } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { aggregateTotal } from './listing-total';
import { readPage } from './read-page';
import { SqlFilter } from './sql-filter';

// The edges of a period shorter than an hour are counted from the rows: the filters are all on
// forms_data, and references are tenant-consistent, so that count needs no other join.
const COUNT_FROM = `
  FROM forms_data fd
  JOIN forms_data_answers a ON a.forms_data_id = fd.id AND a.client_account_id = fd.client_account_id`;

const FROM = `${COUNT_FROM}
  JOIN forms f ON f.id = fd.form_id AND f.client_account_id = fd.client_account_id
  JOIN missions_users mu ON mu.id = fd.missions_user_id AND mu.client_account_id = fd.client_account_id
  JOIN missions m ON m.id = mu.mission_id AND m.client_account_id = mu.client_account_id`;

const INT4_MAX = 2_147_483_647;

/**
 * One item per answered question of one form. Newest submission first; a submission's answers stay
 * together in question order (the item's identity is its submission and position). The total is
 * read from the count aggregates.
 */
export class PostgresFormAnswersReadModel extends FormAnswersReadModel {
  constructor(private readonly db: DataSource) {
    super();
  }

  async page(accountId: string, filter: FormAnswersFilter, request: PageRequest): Promise<PageRows<FormAnswerItem>> {
    // Form ids are PostgreSQL integers: a larger id names no form, and must not reach the cast.
    if (filter.formId > INT4_MAX) return { total: 0, rows: [] };
    const where = new SqlFilter(accountId)
      .where('fd.client_account_id = $1')
      .whereValue(filter.formId, (p) => `fd.form_id = ${p}`)
      .period('fd.answered_at', filter.period);
    const limit = where.page(request);
    return readPage(this.db, {
      prelude: [],
      page: `SELECT f.name AS form_name, f.id::text AS form_id, a.answer, a.question, a.position::text AS "order",
                fd.identifier, m.mb_key, mu.mu_key, mu.user_name, iso_utc(fd.answered_at) AS answered_at
         ${FROM}
         WHERE ${where.sql}
         ORDER BY fd.answered_at DESC, fd.id DESC, a.position ASC
         ${limit}`,
      count: aggregateTotal(where, {
        listing: 'form_answers',
        period: filter.period,
        key: filter.formId,
        countRows: (from, before) =>
          `SELECT count(*) ${COUNT_FROM} WHERE ${where.sql} AND fd.answered_at >= ${from} AND fd.answered_at < ${before}`,
      }),
      params: where.params,
    });
  }
}
