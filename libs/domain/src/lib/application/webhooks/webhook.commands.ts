import { Command, Query } from '@nestjs/cqrs';
import type { DeliveryStatus } from '../ports/webhook-repository.port';
import type { Page, PageRequest } from '../queries/page';

/** A webhook endpoint as a client sees it: `events` is `["*"]` for every type. */
export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  type: string;
  status: DeliveryStatus;
  attempt: number;
  statusCode: number | null;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

export interface WebhookInput {
  url: string;
  /** Event types, or `["*"]`; null or absent for every type. */
  events: readonly string[] | null;
}

/** The secret is answered here and never again. */
export class CreateWebhookCommand extends Command<WebhookView & { secret: string }> {
  constructor(
    readonly accountId: string,
    readonly input: WebhookInput,
  ) {
    super();
  }
}

export class RemoveWebhookCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}

/** Sends an event to an endpoint again: a new delivery, PENDING now. */
export class RedeliverEventCommand extends Command<WebhookDeliveryView> {
  constructor(
    readonly accountId: string,
    readonly webhookId: string,
    readonly eventId: string,
  ) {
    super();
  }
}

export class ListWebhooksQuery extends Query<WebhookView[]> {
  constructor(readonly accountId: string) {
    super();
  }
}

export class ListWebhookDeliveriesQuery extends Query<Page<WebhookDeliveryView>> {
  constructor(
    readonly accountId: string,
    readonly webhookId: string,
    readonly page: PageRequest,
  ) {
    super();
  }
}
