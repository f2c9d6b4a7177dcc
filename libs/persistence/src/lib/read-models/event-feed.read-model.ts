import { type DomainEvent, EventFeed, type EventFeedRequest } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { isUuid } from '../repositories/uuid';

interface EventRow {
  id: string;
  client_account_id: string;
  type: DomainEvent['type'];
  occurred_at: Date;
  data: DomainEvent['data'];
}

/**
 * Pages on each account's `position`, which numbers events in the order their transactions
 * committed: an event that commits after a page was read always lands after that page's cursor.
 */
export class PostgresEventFeed extends EventFeed {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async read(accountId: string, { after, types, limit }: EventFeedRequest): Promise<{ events: DomainEvent[]; hasMore: boolean } | null> {
    let position = 0;
    if (after !== null) {
      if (!isUuid(after)) return null;
      const [cursor] = await this.dataSource.query(`SELECT position FROM events WHERE client_account_id = $1 AND id = $2`, [accountId, after]);
      if (!cursor) return null;
      position = Number(cursor.position);
    }
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT id, client_account_id, type, occurred_at, data FROM events
        WHERE client_account_id = $1 AND position > $2 AND ($3::text[] IS NULL OR type = ANY ($3))
        ORDER BY position
        LIMIT $4`,
      [accountId, position, types, limit + 1],
    );
    const events = rows.slice(0, limit).map((row) => ({
      id: row.id,
      accountId: row.client_account_id,
      type: row.type,
      occurredAt: row.occurred_at,
      data: row.data,
    }));
    return { events, hasMore: rows.length > limit };
  }
}
