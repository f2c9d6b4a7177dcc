import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkDemandRules, type DemandInput, planMissions } from '../../../model/demand';
import { newEvent } from '../../events/domain-event';
import { IdempotencyConflictError } from '../../idempotency.errors';
import { Clock } from '../../ports/clock.port';
import { DemandRepository } from '../../ports/demand-repository.port';
import { DomainConfig } from '../../ports/domain-config.port';
import { IdempotencyKeys } from '../../ports/idempotency-keys.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { CreateDemandCommand, type CreatedDemand } from './create-demand.command';

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
  ) {}

  async execute({ accountId, input, idempotency }: CreateDemandCommand): Promise<CreatedDemand> {
    const now = this.clock.now();
    if (idempotency) {
      const claim = await this.idempotencyKeys.claim(accountId, idempotency.key, idempotency.fingerprint, {
        now,
        abandonedBefore: new Date(now.getTime() - ABANDONED_CLAIM_MS),
        expiredBefore: new Date(now.getTime() - KEY_LIFETIME_MS),
      });
      if (claim.outcome === 'replay') return { demandId: claim.demandId };
      if (claim.outcome === 'mismatch') throw new IdempotencyConflictError('IDEMPOTENCY_KEY_REUSED');
      if (claim.outcome === 'in-flight') throw new IdempotencyConflictError('IDEMPOTENCY_KEY_IN_FLIGHT');
    }
    try {
      return await this.create(accountId, input, idempotency?.key ?? null, now);
    } catch (error) {
      // The first failure is the answer. A claim that cannot be given back now (the database is
      // gone) is given back by the adapter once the database answers again, or counts as abandoned
      // after ABANDONED_CLAIM_MS.
      if (idempotency) await this.idempotencyKeys.release(accountId, idempotency.key, now).catch(() => undefined);
      throw error;
    }
  }

  private async create(accountId: string, input: DemandInput, idempotencyKey: string | null, now: Date): Promise<CreatedDemand> {
    checkDemandRules(input, await this.demands.references(accountId, input));
    const missions = planMissions(input, this.config.reportTimeZone, () => ({ id: this.keys.uuid(), mbKey: this.keys.mbKey() }));
    const demandId = this.keys.uuid();
    // Written by the demand's own transaction: a client never hears of a demand that was not stored.
    const created = newEvent(
      'demand.created',
      { id: this.keys.eventId(), accountId, occurredAt: now },
      {
        demandId,
        missionMainId: input.missionMainId,
        missions: missions.map((m) => ({ mbKey: m.mbKey, storeId: m.storeId, missionDate: m.missionDate.toISOString(), places: m.places })),
      },
    );
    await this.demands.create({ id: demandId, accountId, input, missions, createdAt: now, idempotencyKey, events: [created] });
    return { demandId };
  }
}
