import type { DomainEvent } from '../../events/domain-event';
import type { EventFeedRequest } from './list-events.query';

/**
 * The outbox read in commit order. A page never skips an event that commits later: each account's
 * events are numbered by the order their transactions commit (docs/adr/0014).
 */
export abstract class EventFeed {
  /** Up to `limit` events after `after`, oldest first, and whether more follow; null when `after` names no event of the account. */
  abstract read(accountId: string, request: EventFeedRequest): Promise<{ events: DomainEvent[]; hasMore: boolean } | null>;
}
