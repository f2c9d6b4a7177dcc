import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListFormAnswersQuery } from '@mwr/domain';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { ListingQueryPipe } from './listing-query.pipe';
import { sendCachedListing } from './listing-response';
import { FormAnswersQueryDto } from './report-query.dtos';

const DATES = 'initialDate and finalDate must be calendar dates in the form YYYY-MM-DD';
const PAGE_AND_FORM = 'page and formId must be integers >= 1';

/** The listing's parameter rules; exported for the OpenAPI document. */
export const formAnswersQuery = new ListingQueryPipe({
  dto: FormAnswersQueryDto,
  parameters: ['initialDate', 'finalDate', 'page', 'formId'],
  required: { names: ['initialDate', 'finalDate'], message: 'initialDate and finalDate are required' },
  messages: { initialDate: DATES, finalDate: DATES, page: PAGE_AND_FORM, formId: PAGE_AND_FORM },
  check: (q) => (q.finalDate > q.initialDate ? null : 'finalDate must be later than initialDate'),
});

@Controller('v1/forms-data/customers')
export class FormAnswersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async list(@Req() req: AuthenticatedRequest, @Query(formAnswersQuery) query: FormAnswersQueryDto, @Res() res: FastifyReply): Promise<void> {
    sendCachedListing(res, await this.queries.execute(new ListFormAnswersQuery(req.accountId as string, { ...query })));
  }
}
