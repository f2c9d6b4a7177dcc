import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryBus } from '@nestjs/cqrs';
import { ListWorkforceResultsQuery, type MissionStatus, type Page, REPORT_LIMITS, type WorkforceResultItem } from '@mwr/domain';
import { clientGoneSignal } from '../http/client-gone';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { INVALID_QUERY, ListingQueryPipe } from './listing-query.pipe';
import { laterThan } from './listing-response';
import { WorkforceQueryDto } from './report-query.dtos';

/** The listing's parameter rules; exported for the OpenAPI document. */
export const workforceQuery = new ListingQueryPipe({
  dto: WorkforceQueryDto,
  parameters: ['page', 'itemsPerPage', 'startedAt', 'endedAt', 'status', 'mbKey', 'muKey', 'search'],
  check: (q) => (laterThan(q.startedAt, q.endedAt) ? INVALID_QUERY : null),
});

@Controller('v1/missions-users/workforce/reports')
export class WorkforceReportsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: FastifyReply, @Query(workforceQuery) q: WorkforceQueryDto): Promise<Page<WorkforceResultItem>> {
    return this.queries.execute(
      new ListWorkforceResultsQuery(
        req.accountId as string,
        {
          page: q.page ?? 1,
          itemsPerPage: q.itemsPerPage ?? REPORT_LIMITS.itemsPerPageDefault,
          startedAt: q.startedAt ?? null,
          endedAt: q.endedAt ?? null,
          status: (q.status as MissionStatus | undefined) ?? null,
          mbKey: q.mbKey ?? null,
          muKey: q.muKey ?? null,
          search: q.search ?? null,
        },
        clientGoneSignal(res),
      ),
    );
  }
}
