import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainConfig } from '../../ports/domain-config.port';
import { ResultCache } from '../../ports/result-cache.port';
import { cachedListing, cacheKey, type CachedListing } from '../cached-listing';
import { envelope } from '../page-envelope';
import { reportPeriod } from '../report-period';
import { DeliveryResultsReadModel } from './delivery-results.read-model.port';
import { ListDeliveryResultsQuery } from './list-delivery-results.query';

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
