import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainConfig } from '../../ports/domain-config.port';
import type { Page } from '../page';
import { envelope } from '../page-envelope';
import { reportPeriod } from '../report-period';
import { ListPdvResultsQuery } from './list-pdv-results.query';
import type { PdvResultItem } from './pdv-result.item';
import { PdvResultsReadModel } from './pdv-results.read-model.port';

@QueryHandler(ListPdvResultsQuery)
export class ListPdvResultsHandler implements IQueryHandler<ListPdvResultsQuery> {
  constructor(
    private readonly pdv: PdvResultsReadModel,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, params, signal }: ListPdvResultsQuery): Promise<Page<PdvResultItem>> {
    const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
    return envelope(params, await this.pdv.page(accountId, { ...params, period }, { page: params.page, itemsPerPage: params.itemsPerPage, signal }));
  }
}
