import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainConfig } from '../../ports/domain-config.port';
import { ResultCache } from '../../ports/result-cache.port';
import { cachedListing, cacheKey, type CachedListing } from '../cached-listing';
import { REPORT_LIMITS } from '../page';
import { envelope } from '../page-envelope';
import { reportPeriod } from '../report-period';
import { FormAnswersReadModel } from './form-answers.read-model.port';
import { ListFormAnswersQuery } from './list-form-answers.query';

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
