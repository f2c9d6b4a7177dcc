import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryBus } from '@nestjs/cqrs';
import { ListPdvResultsQuery, type Page, type PdvResultItem, REPORT_LIMITS } from '@mwr/domain';
import { clientGoneSignal } from '../http/client-gone';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { INVALID_QUERY, ListingQueryPipe } from './listing-query.pipe';
import { laterThan } from './listing-response';
import { PdvQueryDto } from './report-query.dtos';

/** The listing's parameter rules; exported for the OpenAPI document. */
export const pdvQuery = new ListingQueryPipe({
  dto: PdvQueryDto,
  parameters: ['startedAt', 'endedAt', 'page', 'itemsPerPage', 'mbKey', 'muKey', 'search'],
  required: { names: ['startedAt', 'endedAt'], message: 'startedAt and endedAt are required' },
  check: (q) => (laterThan(q.startedAt, q.endedAt) ? INVALID_QUERY : null),
});

@Controller('v1/pdv/results')
export class PdvResultsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: FastifyReply, @Query(pdvQuery) q: PdvQueryDto): Promise<Page<PdvResultItem>> {
    return this.queries.execute(
      new ListPdvResultsQuery(
        req.accountId as string,
        {
          startedAt: q.startedAt,
          endedAt: q.endedAt,
          page: q.page ?? 1,
          itemsPerPage: q.itemsPerPage ?? REPORT_LIMITS.itemsPerPageDefault,
          mbKey: q.mbKey ?? null,
          muKey: q.muKey ?? null,
          search: q.search ?? null,
        },
        clientGoneSignal(res),
      ),
    );
  }
}
