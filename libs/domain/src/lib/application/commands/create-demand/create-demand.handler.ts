import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { checkDemandRules, planMissions } from '../../../model/demand';
import { IdempotencyConflictError } from '../../idempotency.errors';
import { Clock } from '../../ports/clock.port';
import { DemandRepository } from '../../ports/demand-repository.port';
import { DomainConfig } from '../../ports/domain-config.port';
import { IdempotencyKeys } from '../../ports/idempotency-keys.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { CreateDemandCommand } from './create-demand.command';
import { DemandCreatedEvent } from './demand-created.event';

/** A claim older than this was left by a request that died; its key may be used again. */
const ABANDONED_CLAIM_MS = 5 * 60 * 1000;
/** The contract keeps a completed key for 24 hours. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

@CommandHandler(CreateDemandCommand)
export class CreateDemandHandler implements ICommandHandler<CreateDemandCommand> {
  constructor(
    private readonly demands: DemandRepository,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
    private readonly config: DomainConfig,
    private readonly events: EventBus,
  ) {}

  async execute({ accountId, input, idempotency }: CreateDemandCommand): Promise<void> {
    const now = this.clock.now();
    if (idempotency) {
      const claim = await this.idempotencyKeys.claim(accountId, idempotency.key, idempotency.fingerprint, {
        now,
        abandonedBefore: new Date(now.getTime() - ABANDONED_CLAIM_MS),
        expiredBefore: new Date(now.getTime() - KEY_LIFETIME_MS),
      });
      if (claim === 'replay') return;
      if (claim === 'mismatch') throw new IdempotencyConflictError('IDEMPOTENCY_KEY_REUSED');
      if (claim === 'in-flight') throw new IdempotencyConflictError('IDEMPOTENCY_KEY_IN_FLIGHT');
    }
    let event: DemandCreatedEvent;
    try {
      event = await this.create(accountId, input, idempotency?.key ?? null, now);
    } catch (error) {
      // The first failure is the answer. A claim that cannot be given back now (the database is
      // gone) is given back by the adapter once the database answers again, or counts as abandoned
      // after ABANDONED_CLAIM_MS.
      if (idempotency) await this.idempotencyKeys.release(accountId, idempotency.key, now).catch(() => undefined);
      throw error;
    }
    // After the commit: the demand exists whatever a listener does with the event.
    this.events.publish(event);
  }

  private async create(accountId: string, input: CreateDemandCommand['input'], idempotencyKey: string | null, now: Date) {
    checkDemandRules(input, await this.demands.references(accountId, input));
    const missions = planMissions(input, this.config.reportTimeZone, () => ({ id: this.keys.uuid(), mbKey: this.keys.mbKey() }));
    const demandId = this.keys.uuid();
    await this.demands.create({ id: demandId, accountId, input, missions, createdAt: now, idempotencyKey });
    return new DemandCreatedEvent(accountId, demandId, input.missionMainId, missions.map((m) => m.mbKey), now);
  }
}
