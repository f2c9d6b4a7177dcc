import {
  type EventType,
  type NewWebhookEndpoint,
  NotFoundError,
  offsetOf,
  type PageRequest,
  type PageRows,
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookRepository,
} from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { isUuid } from './uuid';

interface EndpointRow {
  id: string;
  client_account_id: string;
  url: string;
  event_types: EventType[] | null;
  created_at: Date;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  type: EventType;
  status: WebhookDelivery['status'];
  attempt: number;
  last_status_code: number | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  created_at: Date;
}

const DELIVERY_COLUMNS = `d.id, d.event_id, e.type, d.status, d.attempt, d.last_status_code, d.next_attempt_at, d.last_attempt_at, d.created_at`;

/** Namespace of the advisory lock that serialises the endpoint additions of one account. */
const ENDPOINTS_LOCK = 8_100_001;

function endpoint(row: EndpointRow): WebhookEndpoint {
  return { id: row.id, accountId: row.client_account_id, url: row.url, events: row.event_types, createdAt: row.created_at };
}

function delivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    status: row.status,
    attempt: row.attempt,
    statusCode: row.last_status_code,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    createdAt: row.created_at,
  };
}

export class TypeOrmWebhookRepository extends WebhookRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  add(endpoint: NewWebhookEndpoint, max: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // An advisory lock rather than a row lock on the account: FOR UPDATE there would also stop
      // every event writer, whose foreign key key-share-locks that row.
      await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [ENDPOINTS_LOCK, endpoint.accountId]);
      const inserted = await manager.query(
        `INSERT INTO webhook_endpoints (id, client_account_id, url, event_types, secret_sealed, created_at)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE (SELECT count(*) FROM webhook_endpoints WHERE client_account_id = $2) < $7
         RETURNING id`,
        [endpoint.id, endpoint.accountId, endpoint.url, endpoint.events, endpoint.sealedSecret, endpoint.createdAt, max],
      );
      return inserted.length === 1;
    });
  }

  async list(accountId: string): Promise<WebhookEndpoint[]> {
    const rows: EndpointRow[] = await this.dataSource.query(
      `SELECT id, client_account_id, url, event_types, created_at FROM webhook_endpoints WHERE client_account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map(endpoint);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const removed = await this.dataSource.query(`DELETE FROM webhook_endpoints WHERE client_account_id = $1 AND id = $2 RETURNING id`, [accountId, id]);
    // pg answers a DELETE … RETURNING as [rows, count].
    return (removed[0] as unknown[]).length === 1;
  }

  async deliveries(accountId: string, endpointId: string, page: PageRequest): Promise<PageRows<WebhookDelivery> | null> {
    if (!isUuid(endpointId)) return null;
    const [found] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE client_account_id = $1 AND endpoint_id = $2) AS total
         FROM webhook_endpoints WHERE client_account_id = $1 AND id = $2`,
      [accountId, endpointId],
    );
    if (!found) return null;
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS}
         FROM webhook_deliveries d JOIN events e ON e.id = d.event_id AND e.client_account_id = d.client_account_id
        WHERE d.client_account_id = $1 AND d.endpoint_id = $2
        ORDER BY d.seq DESC
        LIMIT $3 OFFSET $4`,
      [accountId, endpointId, page.itemsPerPage, offsetOf(page)],
    );
    return { total: found.total, rows: rows.map(delivery) };
  }

  async redeliver(accountId: string, endpointId: string, eventId: string, deliveryId: string, at: Date): Promise<WebhookDelivery | null> {
    if (!isUuid(endpointId)) throw NotFoundError.webhook(endpointId);
    const [row] = await this.dataSource.query(
      `WITH target AS (
         SELECT w.id AS endpoint_id, e.id AS event_id, e.type
           FROM webhook_endpoints w LEFT JOIN events e ON e.client_account_id = w.client_account_id AND e.id = $3
          WHERE w.client_account_id = $1 AND w.id = $2
          FOR KEY SHARE OF w
       ), made AS (
         INSERT INTO webhook_deliveries (id, client_account_id, endpoint_id, event_id, status, next_attempt_at, created_at)
         SELECT $4, $1, endpoint_id, event_id, 'PENDING', $5, $5 FROM target WHERE event_id IS NOT NULL
         RETURNING id, event_id, status, attempt, last_status_code, next_attempt_at, last_attempt_at, created_at
       )
       SELECT made.*, target.type, target.event_id IS NOT NULL AS event_found FROM target LEFT JOIN made ON true`,
      [accountId, endpointId, isUuid(eventId) ? eventId : null, deliveryId, at],
    );
    if (!row) throw NotFoundError.webhook(endpointId);
    return row.event_found ? delivery(row) : null;
  }
}
