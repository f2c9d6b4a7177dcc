import { Query } from '@nestjs/cqrs';
import type { EventItem, EventType } from '../../events/domain-event';

export const EVENT_FEED_LIMITS = Object.freeze({ limitDefault: 50, limitMax: 100 });

export interface EventFeedRequest {
  /** The id of the last event the client has; null from the oldest event kept. */
  after: string | null;
  /** Only these types; null for every type. */
  types: readonly EventType[] | null;
  limit: number;
}

export interface EventsPage {
  data: EventItem[];
  /** More events after the last one of `data`, as the feed stands now. */
  hasMore: boolean;
}

/** The account's events after a cursor, oldest first, in the order they were committed. */
export class ListEventsQuery extends Query<EventsPage> {
  constructor(
    readonly accountId: string,
    readonly request: EventFeedRequest,
  ) {
    super();
  }
}
