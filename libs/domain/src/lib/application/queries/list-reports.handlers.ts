import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { formatDuration } from '../../model/participant';
import { DomainConfig } from '../ports/domain-config.port';
import {
  DeliveryResultsReadModel,
  FormAnswersReadModel,
  PdvResultsReadModel,
  RegisterResultsReadModel,
  WorkforceResultsReadModel,
  type WorkforceResultRow,
} from '../ports/report-read-models.port';
import { ResultCache } from '../ports/result-cache.port';
import { cachedListing, cacheKey, type CachedListing } from './cached-listing';
import {
  ListDeliveryResultsQuery,
  ListFormAnswersQuery,
  ListPdvResultsQuery,
  ListRegisterResultsQuery,
  ListWorkforceResultsQuery,
} from './list-reports.queries';
import { type Page, type PageRequest, type PageRows, REPORT_LIMITS } from './page';
import { reportPeriod } from './report-period';
import type { PdvResultItem, RegisterResultItem, WorkforceResultItem } from './report-items';

function envelope<T>(request: PageRequest, { total, rows }: PageRows<T>): Page<T> {
  return { total, page: request.page, itemsPerPage: request.itemsPerPage, data: rows };
}

@QueryHandler(ListFormAnswersQuery)
export class ListFormAnswersHandler implements IQueryHandler<ListFormAnswersQuery> {
  constructor(
    private readonly answers: FormAnswersReadModel,
    private readonly cache: ResultCache,
    private readonly config: DomainConfig,
  ) {}

  execute({ accountId, params }: ListFormAnswersQuery): Promise<CachedListing> {
    return cachedListing(this.cache, cacheKey('form-answers', accountId, { ...params }), async () => {
      const request = { page: params.page, itemsPerPage: REPORT_LIMITS.formAnswersPageSize };
      const period = reportPeriod(params.initialDate, params.finalDate, this.config.reportTimeZone);
      return envelope(request, await this.answers.page(accountId, { formId: params.formId, period }, request));
    });
  }
}

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

  async execute({ accountId, params }: ListWorkforceResultsQuery): Promise<Page<WorkforceResultItem>> {
    const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
    const { total, rows } = await this.results.page(accountId, { ...params, period }, params);
    return envelope(params, { total, rows: rows.map(workforceItem) });
  }
}

@QueryHandler(ListDeliveryResultsQuery)
export class ListDeliveryResultsHandler implements IQueryHandler<ListDeliveryResultsQuery> {
  constructor(
    private readonly deliveries: DeliveryResultsReadModel,
    private readonly cache: ResultCache,
    private readonly config: DomainConfig,
  ) {}

  execute({ accountId, params }: ListDeliveryResultsQuery): Promise<CachedListing> {
    return cachedListing(this.cache, cacheKey('deliveries', accountId, { ...params }), async () => {
      const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
      return envelope(params, await this.deliveries.page(accountId, { ...params, period }, params));
    });
  }
}

@QueryHandler(ListPdvResultsQuery)
export class ListPdvResultsHandler implements IQueryHandler<ListPdvResultsQuery> {
  constructor(
    private readonly pdv: PdvResultsReadModel,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, params }: ListPdvResultsQuery): Promise<Page<PdvResultItem>> {
    const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
    return envelope(params, await this.pdv.page(accountId, { ...params, period }, params));
  }
}

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

  async execute({ accountId, params }: ListRegisterResultsQuery): Promise<Page<RegisterResultItem>> {
    const period = reportPeriod(params.startedAt, params.endedAt, this.config.reportTimeZone);
    const { total, rows } = await this.registers.page(accountId, { ...params, period }, params);
    return envelope(params, { total, rows: rows.map(withFlaggedBlocks) });
  }
}
