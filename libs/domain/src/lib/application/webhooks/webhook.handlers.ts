import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../model/domain-error';
import { CredentialsConfig } from '../credentials/secret-hasher';
import { EVENT_TYPES, type EventType, isEventType } from '../events/domain-event';
import { NotFoundError } from '../not-found.errors';
import { Clock } from '../ports/clock.port';
import { KeyGenerator } from '../ports/key-generator.port';
import { type WebhookDelivery, type WebhookEndpoint, WebhookRepository } from '../ports/webhook-repository.port';
import type { Page } from '../queries/page';
import { envelope } from '../queries/page-envelope';
import {
  CreateWebhookCommand,
  ListWebhookDeliveriesQuery,
  ListWebhooksQuery,
  RedeliverEventCommand,
  RemoveWebhookCommand,
  type WebhookDeliveryView,
  type WebhookView,
} from './webhook.commands';
import { newWebhookSecret, WebhookSecretBox } from './webhook-secret';
import { checkWebhookUrl, HostResolver, InvalidWebhookError, WEBHOOK_LIMITS, WebhookUrlPolicy } from './webhook-url';

export class WebhookRuleError extends DomainError {
  readonly kind = 'rule' as const;

  constructor(
    readonly code: 'WEBHOOK_LIMIT' | 'UNKNOWN_EVENT',
    message: string,
  ) {
    super(message);
  }
}

const EVERY_TYPE = '*';

export const WEBHOOK_EVENTS_MESSAGE = `events must be ["*"] or a non-empty list of distinct event types: ${EVENT_TYPES.join(', ')}`;

/** `["*"]`, null or absent: every type, present and future. Otherwise distinct known types. */
export function parseEventTypes(events: readonly string[] | null): EventType[] | null {
  if (events === null || (events.length === 1 && events[0] === EVERY_TYPE)) return null;
  if (events.length === 0 || new Set(events).size !== events.length || !events.every(isEventType)) {
    throw new InvalidWebhookError('INVALID_WEBHOOK_EVENTS', WEBHOOK_EVENTS_MESSAGE);
  }
  return [...events] as EventType[];
}

function webhookView(endpoint: WebhookEndpoint): WebhookView {
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events ? [...endpoint.events] : [EVERY_TYPE], createdAt: endpoint.createdAt.toISOString() };
}

export function deliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type,
    status: delivery.status,
    attempt: delivery.attempt,
    statusCode: delivery.statusCode,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand> {
  private readonly box: WebhookSecretBox;

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly resolver: HostResolver,
    private readonly policy: WebhookUrlPolicy,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
    credentials: CredentialsConfig,
  ) {
    this.box = new WebhookSecretBox(credentials.pepper);
  }

  async execute({ accountId, input }: CreateWebhookCommand): Promise<WebhookView & { secret: string }> {
    const events = parseEventTypes(input.events);
    const url = await checkWebhookUrl(input.url, this.policy, this.resolver);
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = { id: this.keys.uuid(), accountId, url, events, createdAt: this.clock.now() };
    if (!(await this.webhooks.add({ ...endpoint, sealedSecret: this.box.seal(secret) }, WEBHOOK_LIMITS.perAccount))) {
      throw new WebhookRuleError('WEBHOOK_LIMIT', `An account may have at most ${WEBHOOK_LIMITS.perAccount} webhooks`);
    }
    const { id, url: saved, events: types, createdAt } = webhookView(endpoint);
    return { id, url: saved, events: types, secret, createdAt };
  }
}

@CommandHandler(RemoveWebhookCommand)
export class RemoveWebhookHandler implements ICommandHandler<RemoveWebhookCommand> {
  constructor(private readonly webhooks: WebhookRepository) {}

  async execute({ accountId, webhookId }: RemoveWebhookCommand): Promise<void> {
    if (!(await this.webhooks.remove(accountId, webhookId))) throw NotFoundError.webhook(webhookId);
  }
}

@CommandHandler(RedeliverEventCommand)
export class RedeliverEventHandler implements ICommandHandler<RedeliverEventCommand> {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, webhookId, eventId }: RedeliverEventCommand): Promise<WebhookDeliveryView> {
    const delivery = await this.webhooks.redeliver(accountId, webhookId, eventId, this.keys.uuid(), this.clock.now());
    if (delivery === null) throw new WebhookRuleError('UNKNOWN_EVENT', 'eventId does not name an event of this account');
    return deliveryView(delivery);
  }
}

@QueryHandler(ListWebhooksQuery)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooksQuery> {
  constructor(private readonly webhooks: WebhookRepository) {}

  async execute({ accountId }: ListWebhooksQuery): Promise<WebhookView[]> {
    return (await this.webhooks.list(accountId)).map(webhookView);
  }
}

@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery> {
  constructor(private readonly webhooks: WebhookRepository) {}

  async execute({ accountId, webhookId, page }: ListWebhookDeliveriesQuery): Promise<Page<WebhookDeliveryView>> {
    const rows = await this.webhooks.deliveries(accountId, webhookId, page);
    if (rows === null) throw NotFoundError.webhook(webhookId);
    return envelope(page, { total: rows.total, rows: rows.rows.map(deliveryView) });
  }
}

export const WEBHOOK_HANDLERS = [
  CreateWebhookHandler,
  RemoveWebhookHandler,
  RedeliverEventHandler,
  ListWebhooksHandler,
  ListWebhookDeliveriesHandler,
] as const;
