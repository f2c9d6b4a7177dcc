import type { DomainEvent } from '@mwr/domain';
import type { DataSource } from 'typeorm';

/** A delivery the caller holds the lease of, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  /** Attempts recorded before this one. */
  attempt: number;
  createdAt: Date;
  /** The lease: the outcome is recorded only while the row still carries this value. */
  lockedUntil: Date;
  url: string;
  sealedSecret: string;
  event: DomainEvent;
}

/** What one attempt came to; `nextAttemptAt` null with `succeeded` false gives the delivery up (FAILED). */
export interface DeliveryOutcome {
  at: Date;
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
}

interface ClaimedRow {
  id: string;
  attempt: number;
  created_at: Date;
  locked_until: Date;
  url: string;
  secret_sealed: string;
  event_id: string;
  client_account_id: string;
  type: DomainEvent['type'];
  occurred_at: Date;
  data: DomainEvent['data'];
}

const ERROR_MAX_LENGTH = 500;

/**
 * The webhook deliveries table as a work queue (docs/adr/0014, 0015): claims with FOR UPDATE SKIP
 * LOCKED and a lease, so that any number of senders share the due rows without a transaction held
 * across a network call, and records each outcome only under the lease it was sent with. Every
 * instant comes from the caller's clock, so that a test can run the whole retry schedule.
 */
export class PostgresWebhookDeliveryQueue {
  constructor(private readonly dataSource: DataSource) {}

  async claim(now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const lockedUntil = new Date(now.getTime() + leaseMs);
    const rows: ClaimedRow[] = await this.dataSource.query(
      `WITH due AS (
         SELECT id FROM webhook_deliveries
          WHERE status = 'PENDING' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
          ORDER BY next_attempt_at
          LIMIT $3
            FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE webhook_deliveries d SET locked_until = $2 FROM due WHERE d.id = due.id
         RETURNING d.id, d.attempt, d.created_at, d.locked_until, d.endpoint_id, d.event_id, d.client_account_id
       )
       SELECT c.id, c.attempt, c.created_at, c.locked_until, w.url, w.secret_sealed,
              e.id AS event_id, e.client_account_id, e.type, e.occurred_at, e.data
         FROM claimed c
         JOIN webhook_endpoints w ON w.id = c.endpoint_id AND w.client_account_id = c.client_account_id
         JOIN events e ON e.id = c.event_id AND e.client_account_id = c.client_account_id`,
      [now, lockedUntil, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      attempt: row.attempt,
      createdAt: row.created_at,
      lockedUntil: row.locked_until,
      url: row.url,
      sealedSecret: row.secret_sealed,
      event: { id: row.event_id, accountId: row.client_account_id, type: row.type, occurredAt: row.occurred_at, data: row.data },
    }));
  }

  /**
   * Answers false when the lease was lost (it expired and another sender claimed the row) or the
   * row is gone (its endpoint was removed): that sender's outcome is the one that counts.
   */
  async record(delivery: Pick<ClaimedDelivery, 'id' | 'lockedUntil'>, outcome: DeliveryOutcome): Promise<boolean> {
    const status = outcome.succeeded ? 'SUCCEEDED' : outcome.nextAttemptAt === null ? 'FAILED' : 'PENDING';
    const [, count] = await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET attempt = attempt + 1, last_attempt_at = $3, last_status_code = $4, last_error = $5, status = $6,
              next_attempt_at = $7, locked_until = NULL
        WHERE id = $1 AND locked_until = $2`,
      [
        delivery.id,
        delivery.lockedUntil,
        outcome.at,
        outcome.statusCode,
        outcome.error?.slice(0, ERROR_MAX_LENGTH) ?? null,
        status,
        status === 'PENDING' ? outcome.nextAttemptAt : null,
      ],
    );
    return count === 1;
  }

  /**
   * Deletes the events recorded before `before` (their deliveries go with them), `batch` at a
   * time so that no statement holds many row locks for long; answers how many went.
   */
  async purgeEventsBefore(before: Date, batch = 5_000): Promise<number> {
    let total = 0;
    for (;;) {
      const [, count] = await this.dataSource.query(
        `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE recorded_at < $1 LIMIT $2)`,
        [before, batch],
      );
      total += count;
      if (count < batch) return total;
    }
  }
}
