import { Logger } from '@nestjs/common';
import { type Clock, eventBody, webhookHeaders, type WebhookSecretBox } from '@mwr/domain';
import { webhookDeliveries, webhookDeliveryDuration, type WebhookDeliveryOutcome } from '@mwr/metrics';
import type { ClaimedDelivery, PostgresWebhookDeliveryQueue } from '@mwr/persistence';
import { nextAttemptAt, type RetrySchedule } from './retry-schedule';
import type { SendResult, WebhookSender } from './webhook-sender';

export interface DispatchSettings {
  /** How long a claim is held: longer than a send (its timeout) and the recording of its outcome. */
  leaseMs: number;
  /** Deliveries claimed and sent at once. */
  batchSize: number;
  /** Claims one sweep makes at most before it lets the queue schedule the next. */
  maxBatchesPerSweep: number;
  schedule: RetrySchedule;
}

/**
 * Sends the due webhook deliveries (docs/adr/0014, 0015): claims a batch under a lease, signs and
 * POSTs each, records each outcome under its lease, and schedules the next attempt of a failure
 * or gives it up. Safe to run in any number of workers at once: a row is claimed by one of them.
 */
export class DeliveryDispatcher {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly queue: PostgresWebhookDeliveryQueue,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecretBox,
    private readonly clock: Clock,
    private readonly settings: DispatchSettings,
    private readonly random: () => number = Math.random,
  ) {}

  /** Answers how many deliveries were attempted. */
  async sweep(): Promise<number> {
    let attempted = 0;
    for (let batch = 0; batch < this.settings.maxBatchesPerSweep; batch += 1) {
      const claimed = await this.queue.claim(this.clock.now(), this.settings.leaseMs, this.settings.batchSize);
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      attempted += claimed.length;
      if (claimed.length < this.settings.batchSize) break;
    }
    return attempted;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    const result = await this.attempt(delivery);
    const seconds = (performance.now() - started) / 1000;
    const at = this.clock.now();
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const next = succeeded ? null : nextAttemptAt(delivery.createdAt, at, delivery.attempt + 1, this.random, this.settings.schedule);
    const kept = await this.queue.record(delivery, {
      at,
      succeeded,
      statusCode: result.statusCode,
      error: succeeded ? null : (result.error ?? `HTTP ${result.statusCode}`),
      nextAttemptAt: next,
    });
    const outcome: WebhookDeliveryOutcome = !kept ? 'lease_lost' : succeeded ? 'delivered' : next === null ? 'abandoned' : 'failed';
    webhookDeliveries.inc({ outcome });
    webhookDeliveryDuration.observe({ outcome }, seconds);
    if (!kept) {
      // Its lease ran out and another worker has the row (or its endpoint was removed): its outcome counts.
      this.logger.warn(`delivery ${delivery.id} of event ${delivery.event.id}: lease lost, outcome not recorded`);
    } else if (!succeeded) {
      this.logger.log(`delivery ${delivery.id} of event ${delivery.event.id}, attempt ${delivery.attempt + 1}: ${result.error ?? `HTTP ${result.statusCode}`}`);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<SendResult> {
    let secret: string;
    try {
      secret = this.secrets.open(delivery.sealedSecret);
    } catch {
      return { statusCode: null, error: 'the signing secret cannot be opened (was CREDENTIALS_PEPPER changed?)' };
    }
    const body = JSON.stringify(eventBody(delivery.event));
    return this.sender.send(delivery.url, webhookHeaders(secret, delivery.event.id, this.clock.now(), body), body);
  }
}
