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
 *
 * Pages are read from `reader` (a streaming replica when there is one, which replays commits in
 * order, so a page of it is a page of the primary as it was a moment ago). A cursor the replica
 * has not replayed yet (an event id a webhook delivered a moment ago) is looked up on the primary
 * before it is refused, and that page is read there.
 */
export class PostgresEventFeed extends EventFeed {
  constructor(
    private readonly reader: DataSource,
    private readonly primary: DataSource = reader,
  ) {
    super();
  }

  async read(accountId: string, { after, types, limit }: EventFeedRequest): Promise<{ events: DomainEvent[]; hasMore: boolean } | null> {
    let position = 0;
    let source = this.reader;
    if (after !== null) {
      if (!isUuid(after)) return null;
      const cursorOf = async (db: DataSource) =>
        (await db.query(`SELECT position FROM events WHERE client_account_id = $1 AND id = $2`, [accountId, after]))[0] as { position: string } | undefined;
      let cursor = await cursorOf(this.reader);
      if (!cursor && this.primary !== this.reader) {
        cursor = await cursorOf(this.primary);
        source = this.primary;
      }
      if (!cursor) return null;
      position = Number(cursor.position);
    }
    const rows: EventRow[] = await source.query(
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
