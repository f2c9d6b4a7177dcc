import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { formatDuration } from '../../../model/participant';
import { DomainConfig } from '../../ports/domain-config.port';
import type { Page } from '../page';
import { envelope } from '../page-envelope';
import { reportPeriod } from '../report-period';
import { ListWorkforceResultsQuery } from './list-workforce-results.query';
import type { WorkforceResultItem } from './workforce-result.item';
import { WorkforceResultsReadModel, type WorkforceResultRow } from './workforce-results.read-model.port';

export function workforceItem(row: WorkforceResultRow): WorkforceResultItem {
  const { token_input, ...fields } = row;
  const duration =
    row.check_in_at !== null && row.check_out_at !== null ? formatDuration(Date.parse(row.check_out_at) - Date.parse(row.check_in_at)) : '';
  return { ...fields, store_duration: duration, has_token_input: token_input === null ? 'no' : 'yes' };
}

@QueryHandler(ListWorkforceResultsQuery)
export class ListWorkforceResultsHandler implements IQueryHandler<ListWorkforceResultsQuery> {
  constructor(
    private readonly results: WorkforceResultsReadModel,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, params, signal }: ListWorkforceResultsQuery): Promise<Page<WorkforceResultItem>> {
    const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
    const { total, rows } = await this.results.page(accountId, { ...params, period }, { page: params.page, itemsPerPage: params.itemsPerPage, signal });
    return envelope(params, { total, rows: rows.map(workforceItem) });
  }
}
