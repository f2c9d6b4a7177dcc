import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryBus } from '@nestjs/cqrs';
import { ListRegisterResultsQuery, type Page, REPORT_LIMITS, type RegisterResultItem } from '@mwr/domain';
import { clientGoneSignal } from '../http/client-gone';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { INVALID_QUERY, ListingQueryPipe } from './listing-query.pipe';
import { laterThan } from './listing-response';
import { RegistersQueryDto } from './report-query.dtos';

/** The listing's parameter rules; exported for the OpenAPI document. */
export const registersQuery = new ListingQueryPipe({
  dto: RegistersQueryDto,
  parameters: ['page', 'itemsPerPage', 'startedAt', 'endedAt', 'mbKey', 'muKey', 'search'],
  check: (q) => (laterThan(q.startedAt, q.endedAt) ? INVALID_QUERY : null),
});

@Controller('v1/registers/results')
export class RegisterResultsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: FastifyReply, @Query(registersQuery) q: RegistersQueryDto): Promise<Page<RegisterResultItem>> {
    return this.queries.execute(
      new ListRegisterResultsQuery(
        req.accountId as string,
        {
          page: q.page ?? 1,
          itemsPerPage: q.itemsPerPage ?? REPORT_LIMITS.itemsPerPageDefault,
          startedAt: q.startedAt ?? null,
          endedAt: q.endedAt ?? null,
          mbKey: q.mbKey ?? null,
          muKey: q.muKey ?? null,
          search: q.search ?? null,
        },
        clientGoneSignal(res),
      ),
    );
  }
}
