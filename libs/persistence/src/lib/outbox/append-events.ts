import type { DomainEvent } from '@mwr/domain';
import type { EntityManager } from 'typeorm';

/**
 * Writes events in the caller's transaction, each account's numbered from its `event_streams`
 * row, and makes a pending delivery of each to every endpoint of the account subscribed to its
 * type. Call it last in a transaction: the stream row stays locked until the commit, which is what
 * makes the numbers commit in order (docs/adr/0014), and the shorter that lock is held the less
 * concurrent writers of one account wait for each other.
 */
export async function appendEvents(manager: EntityManager, events: readonly DomainEvent[]): Promise<void> {
  const byAccount = new Map<string, DomainEvent[]>();
  for (const event of events) byAccount.set(event.accountId, [...(byAccount.get(event.accountId) ?? []), event]);
  // One order for every writer, so that two transactions writing for the same accounts cannot deadlock.
  for (const accountId of [...byAccount.keys()].sort()) {
    const batch = byAccount.get(accountId) as DomainEvent[];
    const rows = batch.map((event) => ({ id: event.id, type: event.type, occurred_at: event.occurredAt.toISOString(), data: event.data }));
    // KEY SHARE on the endpoints: an endpoint being removed is either waited for and skipped, or
    // waits for this commit and then removes the deliveries made here with it.
    await manager.query(
      `WITH stream AS (
         INSERT INTO event_streams AS s (client_account_id, last_position) VALUES ($1, $2)
         ON CONFLICT (client_account_id) DO UPDATE SET last_position = s.last_position + EXCLUDED.last_position
         RETURNING last_position
       ), written AS (
         INSERT INTO events (id, client_account_id, position, type, occurred_at, data)
         SELECT e.id, $1, stream.last_position - $2 + e.ordinality, e.type, e.occurred_at, e.data
           FROM stream, ROWS FROM (jsonb_to_recordset($3::jsonb) AS (id uuid, type text, occurred_at timestamptz, data jsonb)) WITH ORDINALITY e
         RETURNING id, type
       )
       INSERT INTO webhook_deliveries (id, client_account_id, endpoint_id, event_id, status, next_attempt_at, created_at)
       SELECT gen_random_uuid(), $1, w.id, written.id, 'PENDING', now(), now()
         FROM written JOIN webhook_endpoints w ON w.client_account_id = $1 AND (w.event_types IS NULL OR written.type = ANY (w.event_types))
          FOR KEY SHARE OF w`,
      [accountId, batch.length, JSON.stringify(rows)],
    );
  }
}
