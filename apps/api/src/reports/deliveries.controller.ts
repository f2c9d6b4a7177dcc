import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListDeliveryResultsQuery, REPORT_LIMITS } from '@mwr/domain';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { INVALID_QUERY, ListingQueryPipe } from './listing-query.pipe';
import { laterThan, sendCachedListing } from './listing-response';
import { DeliveriesQueryDto } from './report-query.dtos';

/** The listing's parameter rules; exported for the OpenAPI document. */
export const deliveriesQuery = new ListingQueryPipe({
  dto: DeliveriesQueryDto,
  parameters: ['startedAt', 'endedAt', 'page', 'itemsPerPage', 'progress', 'mbKey', 'muKey'],
  required: { names: ['startedAt', 'endedAt'], message: 'startedAt and endedAt are required' },
  check: (q) => (laterThan(q.startedAt, q.endedAt) ? INVALID_QUERY : null),
});

@Controller('v1/deliveries/results')
export class DeliveriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async list(@Req() req: AuthenticatedRequest, @Query(deliveriesQuery) q: DeliveriesQueryDto, @Res() res: FastifyReply): Promise<void> {
    const query = new ListDeliveryResultsQuery(req.accountId as string, {
      startedAt: q.startedAt,
      endedAt: q.endedAt,
      page: q.page ?? 1,
      itemsPerPage: q.itemsPerPage ?? REPORT_LIMITS.itemsPerPageDefault,
      progress: (q.progress as 1 | 2 | undefined) ?? null,
      mbKey: q.mbKey ?? null,
      muKey: q.muKey ?? null,
    });
    sendCachedListing(res, await this.queries.execute(query));
  }
}
