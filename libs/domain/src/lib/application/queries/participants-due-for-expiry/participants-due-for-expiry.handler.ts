import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { expiryCutoffs } from '../../../model/participant';
import { Clock } from '../../ports/clock.port';
import { DomainConfig, deadlineRules } from '../../ports/domain-config.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { DUE_FOR_EXPIRY_LIMITS, type DueForExpiryPage, ParticipantsDueForExpiryQuery } from './participants-due-for-expiry.query';

@QueryHandler(ParticipantsDueForExpiryQuery)
export class ParticipantsDueForExpiryHandler implements IQueryHandler<ParticipantsDueForExpiryQuery> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly clock: Clock,
    private readonly config: DomainConfig,
  ) {}

  async execute({ after, limit }: ParticipantsDueForExpiryQuery): Promise<DueForExpiryPage> {
    if (!Number.isSafeInteger(limit) || limit < DUE_FOR_EXPIRY_LIMITS.limitMin || limit > DUE_FOR_EXPIRY_LIMITS.limitMax) {
      throw new RangeError(`limit must be an integer ${DUE_FOR_EXPIRY_LIMITS.limitMin}..${DUE_FOR_EXPIRY_LIMITS.limitMax}, got ${limit}`);
    }
    const cutoffs = expiryCutoffs(this.clock.now(), deadlineRules(this.config));
    const data = await this.participants.dueForExpiry(cutoffs, { after, limit });
    return { data, next: data.length === limit ? data[data.length - 1].id : null };
  }
}
