import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainConfig } from '../../ports/domain-config.port';
import type { Page } from '../page';
import { envelope } from '../page-envelope';
import { reportPeriod } from '../report-period';
import { ListRegisterResultsQuery } from './list-register-results.query';
import type { RegisterResultItem } from './register-result.item';
import { RegisterResultsReadModel } from './register-results.read-model.port';

/** Keeps each block exactly when its flag is true; a false flag leaves no key at all. */
export function withFlaggedBlocks(item: RegisterResultItem): RegisterResultItem {
  const { pdv, forms_data, workforce, delivery, ...fields } = item;
  return {
    ...fields,
    ...(item.has_pos ? { pdv: pdv ?? [] } : {}),
    ...(item.has_forms ? { forms_data: forms_data ?? [] } : {}),
    ...(item.check_in_check_out && workforce ? { workforce } : {}),
    ...(item.has_delivery_places ? { delivery: delivery ?? [] } : {}),
  };
}

@QueryHandler(ListRegisterResultsQuery)
export class ListRegisterResultsHandler implements IQueryHandler<ListRegisterResultsQuery> {
  constructor(
    private readonly registers: RegisterResultsReadModel,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, params, signal }: ListRegisterResultsQuery): Promise<Page<RegisterResultItem>> {
    const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
    const { total, rows } = await this.registers.page(accountId, { ...params, period }, { page: params.page, itemsPerPage: params.itemsPerPage, signal });
    return envelope(params, { total, rows: rows.map(withFlaggedBlocks) });
  }
}
