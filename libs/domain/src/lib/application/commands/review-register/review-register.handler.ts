import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterState } from '../../../model/register';
import { newEvent } from '../../events/domain-event';
import { Clock } from '../../ports/clock.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { ReviewRegisterCommand } from './review-register.command';

@CommandHandler(ReviewRegisterCommand)
export class ReviewRegisterHandler implements ICommandHandler<ReviewRegisterCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, muKey, outcome }: ReviewRegisterCommand): Promise<RegisterState> {
    const register = await this.participants.reviewRegister(accountId, muKey, (r, context) => {
      if (outcome === 'APPROVED') r.approve();
      else r.reprove();
      const { id: registerId, identifier, status } = r.state;
      context.record(
        newEvent(
          'register.reviewed',
          { id: this.keys.eventId(), accountId, occurredAt: this.clock.now() },
          { registerId, muKey: context.muKey, mbKey: context.mbKey, identifier, status },
        ),
      );
    });
    return register.state;
  }
}
