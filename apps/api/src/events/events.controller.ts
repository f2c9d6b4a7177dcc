import { Controller, Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EVENT_FEED_LIMITS, type EventType, type EventsPage, ListEventsQuery } from '@mwr/domain';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { ListingQueryPipe } from '../reports/listing-query.pipe';
import { EventsQueryDto } from './events-query.dto';

/** The feed's parameter rules; exported for the OpenAPI document. */
export const eventsQuery = new ListingQueryPipe({ dto: EventsQueryDto, parameters: ['after', 'types', 'limit'] });

@Controller('v1/events')
export class EventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@Req() req: AuthenticatedRequest, @Query(eventsQuery) q: EventsQueryDto): Promise<EventsPage> {
    return this.queries.execute(
      new ListEventsQuery(req.accountId as string, {
        after: q.after?.toLowerCase() ?? null,
        types: q.types === undefined ? null : [...new Set(q.types.split(','))] as EventType[],
        limit: q.limit ?? EVENT_FEED_LIMITS.limitDefault,
      }),
    );
  }
}
