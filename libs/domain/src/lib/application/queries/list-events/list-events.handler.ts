import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../model/domain-error';
import { eventItem } from '../../events/domain-event';
import { EventFeed } from './event-feed.read-model.port';
import { type EventsPage, ListEventsQuery } from './list-events.query';

/**
 * The cursor names no event of the account: unknown, another account's, or past the 30 days events
 * are kept. Contract section 3 answers every invalid query parameter with this message.
 */
export class UnknownEventCursorError extends DomainError {
  readonly kind = 'invalid' as const;
  readonly code = 'UNKNOWN_EVENT_CURSOR';

  constructor() {
    super('Invalid query params');
  }
}

@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery> {
  constructor(private readonly feed: EventFeed) {}

  async execute({ accountId, request }: ListEventsQuery): Promise<EventsPage> {
    const page = await this.feed.read(accountId, request);
    if (page === null) throw new UnknownEventCursorError();
    return { data: page.events.map(eventItem), hasMore: page.hasMore };
  }
}
