import type { EventType } from '../events/domain-event';
import type { PageRequest, PageRows } from '../queries/page';

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  /** The types delivered; null for every type, present and future. */
  events: readonly EventType[] | null;
  createdAt: Date;
}

export interface NewWebhookEndpoint extends WebhookEndpoint {
  /** The signing secret as WebhookSecretBox sealed it. */
  sealedSecret: string;
}

/**
 * - `PENDING`: to be sent at `nextAttemptAt` (a new delivery, or one whose last attempt failed).
 * - `SUCCEEDED`: the receiver answered 2xx.
 * - `FAILED`: every attempt of the retry schedule failed; a redelivery may be asked for.
 */
export type DeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface WebhookDelivery {
  id: string;
  eventId: string;
  type: EventType;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempt: number;
  /** The receiver's answer to the last attempt; null before the first one or when none came. */
  statusCode: number | null;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
}

/**
 * The account's webhook endpoints and their deliveries. A delivery is made for each endpoint that
 * subscribes to an event by the transaction that writes the event (the outbox's fan-out), so it
 * exists exactly when its event does; removing an endpoint removes its deliveries.
 */
export abstract class WebhookRepository {
  /** Adds the endpoint unless the account has `max` already (then false); concurrent adds never pass `max`. */
  abstract add(endpoint: NewWebhookEndpoint, max: number): Promise<boolean>;
  /** The account's endpoints, oldest first. */
  abstract list(accountId: string): Promise<WebhookEndpoint[]>;
  /** False when the account has no such endpoint. */
  abstract remove(accountId: string, id: string): Promise<boolean>;
  /** The endpoint's deliveries, newest first; null when the account has no such endpoint. */
  abstract deliveries(accountId: string, endpointId: string, page: PageRequest): Promise<PageRows<WebhookDelivery> | null>;
  /**
   * A new PENDING delivery of the account's event to the endpoint, due at `at`. Throws
   * NotFoundError when the account has no such endpoint; null when it has no such event.
   */
  abstract redeliver(accountId: string, endpointId: string, eventId: string, deliveryId: string, at: Date): Promise<WebhookDelivery | null>;
}
