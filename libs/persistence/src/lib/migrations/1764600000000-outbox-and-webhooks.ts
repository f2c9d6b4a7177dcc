import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox and webhooks (docs/adr/0014).
 *
 * - `events`: what the service tells clients, written by the transaction of each change. Each
 *   account's events are numbered (`position`) in the order their transactions commit: the writer
 *   takes the next number from its account's `event_streams` row, whose lock it holds until it
 *   commits, so a later number never becomes visible before an earlier one. The feed pages on it.
 *   Rows never change; they are kept 30 days (`recorded_at`).
 * - `webhook_endpoints`: at most 10 per account (checked by the writer under an advisory lock);
 *   the signing secret is sealed with a key derived from the server's pepper.
 * - `webhook_deliveries`: one per event and subscribed endpoint, made by the event's own
 *   transaction (so a delivery exists exactly when its event does), or by a redelivery. The sender
 *   claims due PENDING rows (`next_attempt_at`), with a lease (`locked_until`) so that several
 *   senders can share them. Removing an endpoint removes its deliveries.
 * - `idempotency_keys.demand_id`: the demand a completed key created, so that a replayed request
 *   answers the same `Location`.
 */
export class OutboxAndWebhooks1764600000000 implements MigrationInterface {
  name = 'OutboxAndWebhooks1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE event_streams (
        client_account_id uuid PRIMARY KEY REFERENCES client_accounts (id),
        last_position bigint NOT NULL CHECK (last_position >= 1)
      );

      CREATE TABLE events (
        id uuid PRIMARY KEY,
        client_account_id uuid NOT NULL REFERENCES client_accounts (id),
        position bigint NOT NULL,
        type text NOT NULL CHECK (type ~ '^[a-z_]+\\.[a-z_]+$'),
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        data jsonb NOT NULL,
        CONSTRAINT events_account_position_key UNIQUE (client_account_id, position),
        CONSTRAINT events_id_tenant_key UNIQUE (id, client_account_id)
      );
      CREATE INDEX events_recorded_at_idx ON events (recorded_at);

      CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are immutable' USING ERRCODE = 'restrict_violation';
      END $$;
      CREATE TRIGGER events_are_immutable BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_are_immutable();

      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        client_account_id uuid NOT NULL REFERENCES client_accounts (id),
        url text NOT NULL,
        event_types text[],
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT webhook_endpoints_id_tenant_key UNIQUE (id, client_account_id)
      );
      CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (client_account_id, created_at, id);

      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        client_account_id uuid NOT NULL,
        endpoint_id uuid NOT NULL,
        event_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
        attempt integer NOT NULL DEFAULT 0 CHECK (attempt >= 0),
        next_attempt_at timestamptz,
        locked_until timestamptz,
        last_attempt_at timestamptz,
        last_status_code smallint,
        last_error text,
        created_at timestamptz NOT NULL,
        CHECK ((status = 'PENDING') = (next_attempt_at IS NOT NULL)),
        CONSTRAINT webhook_deliveries_endpoint_tenant_fkey FOREIGN KEY (endpoint_id, client_account_id)
          REFERENCES webhook_endpoints (id, client_account_id) ON DELETE CASCADE,
        CONSTRAINT webhook_deliveries_event_tenant_fkey FOREIGN KEY (event_id, client_account_id)
          REFERENCES events (id, client_account_id) ON DELETE CASCADE
      );
      CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (client_account_id, endpoint_id, seq DESC);
      CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';

      ALTER TABLE idempotency_keys ADD COLUMN demand_id uuid;
      UPDATE idempotency_keys k SET demand_id = (
        SELECT d.id FROM demands d
         WHERE d.client_account_id = k.client_account_id AND d.idempotency_key = k.key
         ORDER BY d.created_at DESC LIMIT 1)
       WHERE k.state = 'DONE';
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE idempotency_keys DROP COLUMN demand_id;
      DROP TABLE webhook_deliveries, webhook_endpoints, events, event_streams;
      DROP FUNCTION events_are_immutable;
    `);
  }
}
